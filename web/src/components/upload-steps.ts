/** The steps every image picker shares: refuse a chosen file in the form's words, and upload with the failure told. */
import { Toast } from "antd-mobile"
import type { UploadField } from "#src/upload/image-upload"
import { uploadFailureMessage, uploadImage, type CompressionPreset, type Uploaded } from "../lib/upload"

/** `beforeUpload`: the file, or null after showing why the rule refuses it. */
export const checkedFile = (refusal: (file: File) => { readonly message: string } | undefined) => (file: File): File | null => {
  const refused = refusal(file)
  if (!refused) return file
  Toast.show({ content: refused.message })
  return null
}

/** Compresses and uploads; a failure is shown (the server's words, else 上传失败) and thrown on to the picker. */
export const uploadTold = async (field: UploadField, file: File, preset: CompressionPreset): Promise<Uploaded> => {
  try {
    return await uploadImage(field, file, preset)
  } catch (error) {
    Toast.show({ content: uploadFailureMessage(error, "上传失败"), icon: "fail" })
    throw error
  }
}
