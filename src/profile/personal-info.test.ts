import { describe, expect, it } from "vitest"
import { displayName, nicknameRefusal, realnameRefusal, sexRefusal } from "./personal-info"

describe("edit pages", () => {
  it("real name and nickname are required", () => {
    expect(realnameRefusal("")?.message).toBe("真实姓名不能为空")
    expect(realnameRefusal("  ")?.message).toBe("真实姓名不能为空")
    expect(realnameRefusal(undefined)?.message).toBe("真实姓名不能为空")
    expect(realnameRefusal("张三")).toBeUndefined()
    expect(nicknameRefusal("")?.message).toBe("昵称不能为空")
    expect(nicknameRefusal("小张")).toBeUndefined()
  })

  it("sex must be male (1) or female (2)", () => {
    expect(sexRefusal(1)).toBeUndefined()
    expect(sexRefusal(2)).toBeUndefined()
    expect(sexRefusal(0)?.message).toBe("请选择性别")
    expect(sexRefusal(undefined)?.message).toBe("请选择性别")
  })
})

describe("displayName", () => {
  it("shows the real name, else the nickname cut to 4 characters", () => {
    expect(displayName({ realname: "张三", nickname: "一二三四五六" })).toBe("张三")
    expect(displayName({ realname: null, nickname: "一二三四五六" })).toBe("一二三四")
    expect(displayName({ realname: "", nickname: "😀😀😀😀😀" })).toBe("😀😀😀😀")
    expect(displayName({ realname: null, nickname: null })).toBe("")
  })
})
