/** The runner application form: the invitation code (when the worksite asks for one) and the agreement tick. */
import { signal } from "@preact/signals-react"
import { INVITATION_MAX } from "#src/profile/runner-application"

export const createRunnerForm = () => {
  const invitation = signal("")
  const agreed = signal(false)
  return {
    invitation,
    agreed,
    typeInvitation: (typed: string) => { invitation.value = typed.trim().slice(0, INVITATION_MAX) }
  }
}
