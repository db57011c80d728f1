/** An action behind a confirm dialog, its outcome toasted. */
import { Dialog, Toast } from "antd-mobile"
import { failureMessage } from "./api-client"

/** Runs an action after a confirm dialog; toasts the outcome; true when done. */
export const confirmed = async (question: string, run: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
  if (!(await Dialog.confirm({ content: question }))) return false
  try {
    await run()
    Toast.show({ icon: "success", content: done })
    return true
  } catch (error) {
    Toast.show({ icon: "fail", content: failureMessage(error, failed) })
    return false
  }
}
