/**
 * The suggestion's picture slots (spec 001 §5, §9): jpg/png/gif of ≤ 4 MB ('请上传正确格式的图片', '请上传不超过4M的图片');
 * at most 3 ('最多只能上传3张图片'), the count shown as 0/3.
 */
import { FeedbackLimits, feedbackMessages } from "#src/feedback/suggestion"
import { chosenImageRefusal } from "#src/upload/image-upload"
import { PicUploader } from "../../../components/pic-uploader"
import type { FeedbackPic } from "../state/suggestion-form"

export const FeedbackPicUploader = (props: { readonly value: ReadonlyArray<FeedbackPic>; readonly onChange: (pics: ReadonlyArray<FeedbackPic>) => void }) => (
  <PicUploader value={props.value} onChange={props.onChange} max={FeedbackLimits.pics} tooMany={feedbackMessages.tooManyPictures}
    refusal={chosenImageRefusal} testId="suggestion-pics" className="feedback-uploader" />
)
