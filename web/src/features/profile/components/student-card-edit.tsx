/** The student card page: one photo, required, compressed and uploaded, then saved to the profile. */
import { Button, Toast } from "antd-mobile"
import { useState } from "react"
import { messages as personalMessages } from "#src/profile/personal-info"
import { singleImageRefusal, UploadField } from "#src/upload/image-upload"
import { ImageSlot } from "../../../components/image-slot"
import { failureMessage } from "../../../lib/api-client"
import type { UserInfo } from "../../../lib/user-info"
import { useUpdateStudentCard } from "../api/update-student-card"

export const StudentCardEdit = (props: { readonly user: UserInfo; readonly onSaved: () => void }) => {
  const [url, setUrl] = useState<string | undefined>(props.user.studentCardUrl ?? undefined)
  const { run, pending } = useUpdateStudentCard()

  const submit = async () => {
    if (pending) return
    const refused = singleImageRefusal(url ? 1 : 0, true)
    if (refused || !url) {
      Toast.show({ content: refused?.message })

      return
    }
    try {
      const said = await run(url)
      Toast.show({ content: said || personalMessages.saved, icon: "success", duration: 1000 })
      props.onSaved()
    } catch (error) {
      Toast.show({ content: failureMessage(error, personalMessages.saveFailed), icon: "fail" })
    }
  }

  return (
    <div className="edit-form">
      <section className="form-card upload-card">
        <h2 className="upload-card__title">学生证照片</h2>
        <p className="upload-card__hint">请上传学生证个人信息页，照片清晰、信息完整</p>
        <ImageSlot
          field={UploadField.studentCard}
          preset="small"
          url={url}
          label="上传学生证"
          testId="student-card-upload"
          onUploaded={(uploaded) => setUrl(uploaded.url)}
          onRemoved={() => setUrl(undefined)}
        />
      </section>
      <div className="page__actions">
        <Button data-testid="student-card-submit" block color="primary" size="large" loading={pending} onClick={() => void submit()}>
          保存
        </Button>
      </div>
    </div>
  )
}
