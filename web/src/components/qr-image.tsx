/** A QR code of a text (an address, a `tel:` link), drawn in the page with the `qrcode` package. */
import QRCode from "qrcode"
import { useEffect, useState } from "react"

export const QrImage = (props: { readonly text: string; readonly alt: string; readonly testId?: string; readonly className?: string }) => {
  const [image, setImage] = useState<string>()
  useEffect(() => {
    let current = true
    void QRCode.toDataURL(props.text, { errorCorrectionLevel: "M", margin: 1, width: 360 }).then((url) => { if (current) setImage(url) })
    return () => { current = false }
  }, [props.text])
  return image
    ? <img className={props.className ?? "qr-image"} src={image} alt={props.alt} data-testid={props.testId} data-content={props.text} />
    : <div className={`${props.className ?? "qr-image"} qr-image--loading`} aria-label={props.alt} />
}
