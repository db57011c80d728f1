/** The runner application form: the invitation code (when the worksite asks for one) and the agreement tick. */
import { signal } from "@preact/signals-react"

export const INVITATION_MAX_LENGTH = 16

export const createRunnerForm = () => {
  const invitation = signal("")
  const agreed = signal(false)
  return {
    invitation,
    agreed,
    typeInvitation: (typed: string) => { invitation.value = typed.trim().slice(0, INVITATION_MAX_LENGTH) }
  }
}
export type RunnerForm = ReturnType<typeof createRunnerForm>
