/** A person's name shown where others may read it (a waybill, a card): the surname kept, each character of the given name a star. */

/** Two-character surnames; a name starting with one keeps both characters ('欧阳**'). */
export const COMPOUND_SURNAMES: ReadonlyArray<string> = [
  "欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "长孙", "宇文", "司徒", "夏侯", "轩辕", "令狐", "钟离",
  "端木", "西门", "南宫", "独孤", "呼延", "百里", "东郭", "闻人", "澹台", "公冶", "太史", "申屠", "赫连", "万俟", "第五", "完颜"
]

/** How many leading characters of a name are its surname: two for a compound surname with a given name after it, else one. */
export const surnameLength = (chars: ReadonlyArray<string>): number =>
  chars.length > 2 && COMPOUND_SURNAMES.includes(chars.slice(0, 2).join("")) ? 2 : 1

/** '张三' → '张*', '欧阳娜娜' → '欧阳**', '李' → '李*'; an empty name → '*'. */
export const maskGivenName = (name: string): string => {
  const chars = [...name.trim()]
  if (chars.length === 0) return "*"
  const kept = surnameLength(chars)
  return chars.slice(0, kept).join("") + "*".repeat(Math.max(1, chars.length - kept))
}
