import { describe, expect, it } from "vitest"
import { employeeView } from "./calls"
import { bindRefusal, type Employee, messages, openSealedPassword, sealedPassword } from "./employee"

describe("bindRefusal: the spec's messages in the spec's order", () => {
  it("1. phone required: '电话号码不能为空'", () => {
    expect(bindRefusal({})?.message).toBe("电话号码不能为空")
    expect(bindRefusal({ phone: "", password: "x" })?.message).toBe("电话号码不能为空")
  })

  it("2. phone exactly 11 long: '电话号码格式不对'", () => {
    expect(bindRefusal({ phone: "1380013800", password: "x" })?.message).toBe("电话号码格式不对")
    expect(bindRefusal({ phone: "138001380001", password: "x" })?.message).toBe("电话号码格式不对")
  })

  it("3. password required: '密码不能为空'", () => {
    expect(bindRefusal({ phone: "13800138000" })?.message).toBe("密码不能为空")
    expect(bindRefusal({ phone: "13800138000", password: "" })?.message).toBe("密码不能为空")
  })

  it("phone problems come before the password", () => {
    expect(bindRefusal({ phone: "", password: "" })?.message).toBe("电话号码不能为空")
    expect(bindRefusal({ phone: "123", password: "" })?.message).toBe("电话号码格式不对")
  })

  it("passes with an 11-digit phone and a password", () => {
    expect(bindRefusal({ phone: "13800138000", password: "secret" })).toBeUndefined()
  })

  it("the other texts are the spec's", () => {
    expect(messages.wrongCredentials).toBe("手机号码或者密码错误")
    expect(messages.notBound).toBe("请先绑定后台操作用户")
  })
})

describe("sealed password", () => {
  it("round-trips password and nonce", () => {
    expect(openSealedPassword(sealedPassword("p\"w,ü", "n-1"))).toEqual({ password: "p\"w,ü", nonce: "n-1" })
  })

  it.each(["", "not json", "null", "42", '"s"', '{"password":"p"}', '{"password":1,"nonce":"n"}', '{"nonce":"n"}'])(
    "refuses %j",
    (plain) => {
      expect(openSealedPassword(plain)).toBeUndefined()
    }
  )
})

describe("employeeView", () => {
  it("shows the client's fields and never the password hash", () => {
    const e: Employee = {
      id: "e1",
      phone: "13800138000",
      nameZH: "王五",
      openid: "o1",
      passwordHash: "HASH",
      worksite: {
        id: "w1",
        siteCode: "S01",
        shortName: "东区",
        schoolCampus: "东校区",
        nameZH: "东区驿站",
        smsAble: true,
        serviceBegin: "08:00",
        serviceEnd: "20:00",
        servicePhone: "400-000",
        expressCompanies: ["sf", "yt"],
        safekeeping: { freeHours: 48, feePerDayFen: 50, capFen: 300 },
        smsCredit: 0
      }
    }
    const view = employeeView(e)
    expect(view).toEqual({
      _id: "e1",
      nameZH: "王五",
      phone: "13800138000",
      openid: "o1",
      servicePhone: "400-000",
      worksite: {
        _id: "w1",
        siteCode: "S01",
        shortName: "东区",
        schoolCampus: "东校区",
        nameZH: "东区驿站",
        smsAble: true,
        serviceBegin: "08:00",
        serviceEnd: "20:00",
        expressCompanies: ["sf", "yt"],
        smsCredit: 0
      }
    })
    expect(JSON.stringify(view)).not.toContain("HASH")
  })
})
