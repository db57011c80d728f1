/** The verification form: the ID card photo with what recognition read off it, and the student card photo. */
import { computed, signal } from "@preact/signals-react"
import { sexOfIdCardNo } from "#src/profile/id-card"
import type { VerificationSubmission, VerificationType } from "#src/profile/verification"
import type { Uploaded } from "../../../lib/upload"

export const createAuthForm = (type: VerificationType, initialStudentCardUrl: string | undefined) => {
  const idCardUrl = signal<string | undefined>(undefined)
  const realname = signal("")
  const idCardNo = signal("")
  const recognisedSex = signal<number | undefined>(undefined)
  const studentCardUrl = signal<string | undefined>(initialStudentCardUrl)
  const submission = computed((): VerificationSubmission => ({
    type,
    idCardUrl: idCardUrl.value,
    studentCardUrl: studentCardUrl.value,
    realname: realname.value,
    idCardNo: idCardNo.value
  }))
  const sex = computed(() => recognisedSex.value ?? sexOfIdCardNo(idCardNo.value) ?? 0)
  /** An ID photo is there but recognition read no name or number off it: said at once, not at submit. */
  const unrecognised = computed(() => idCardUrl.value !== undefined && (realname.value === "" || idCardNo.value === ""))
  return {
    idCardUrl,
    realname,
    idCardNo,
    studentCardUrl,
    submission,
    sex,
    unrecognised,
    idCardUploaded: (uploaded: Uploaded) => {
      idCardUrl.value = uploaded.url
      realname.value = uploaded.ocrResult?.realname?.trim() ?? ""
      idCardNo.value = uploaded.ocrResult?.idCardNo?.trim() ?? ""
      recognisedSex.value = uploaded.ocrResult?.sex ?? undefined
    },
    idCardRemoved: () => {
      idCardUrl.value = undefined
      realname.value = ""
      idCardNo.value = ""
      recognisedSex.value = undefined
    }
  }
}
