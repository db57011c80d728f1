/** Entry: React 19 rendering for antd-mobile's imperative Toast and Dialog, then the app. */
import "antd-mobile/es/global"
import { unstableSetRender } from "antd-mobile/es/utils/unstable-render"
import { StrictMode } from "react"
import { createRoot, type Root } from "react-dom/client"
import { App } from "./app/app"
// the antd-mobile components app.css restyles: their styles first, so app.css still wins on equal
// specificity now that the components themselves load with the routes that use them
import "antd-mobile/es/components/badge/badge.css"
import "antd-mobile/es/components/button/button.css"
import "antd-mobile/es/components/checkbox/checkbox.css"
import "antd-mobile/es/components/form/form.css"
import "antd-mobile/es/components/image-uploader/image-uploader.css"
import "antd-mobile/es/components/input/input.css"
import "antd-mobile/es/components/list/list.css"
import "antd-mobile/es/components/notice-bar/notice-bar.css"
import "antd-mobile/es/components/result/result.css"
import "antd-mobile/es/components/toast/toast.css"
import "./app/app.css"

const roots = new WeakMap<Element | DocumentFragment, Root>()

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container)
  roots.set(container, root)
  root.render(node)
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    root.unmount()
    roots.delete(container)
  }
})

const container = document.getElementById("root")
if (!container) throw new Error("missing #root")
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>
)
