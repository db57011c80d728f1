import { describe, expect, it } from "vitest"
import { displayName, nicknameProblem, realnameProblem, sexProblem } from "./personal-info"

describe("edit pages", () => {
  it("real name and nickname are required", () => {
    expect(realnameProblem("")).toBe("真实姓名不能为空")
    expect(realnameProblem("  ")).toBe("真实姓名不能为空")
    expect(realnameProblem(undefined)).toBe("真实姓名不能为空")
    expect(realnameProblem("张三")).toBeUndefined()
    expect(nicknameProblem("")).toBe("昵称不能为空")
    expect(nicknameProblem("小张")).toBeUndefined()
  })

  it("sex must be male (1) or female (2)", () => {
    expect(sexProblem(1)).toBeUndefined()
    expect(sexProblem(2)).toBeUndefined()
    expect(sexProblem(0)).toBe("请选择性别")
    expect(sexProblem(undefined)).toBe("请选择性别")
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
