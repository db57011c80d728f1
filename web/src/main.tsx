/** Entry: React 19 rendering for antd-mobile's imperative Toast and Dialog, then the app. */
import { unstableSetRender } from "antd-mobile"
import { StrictMode } from "react"
import { createRoot, type Root } from "react-dom/client"
import { App } from "./app/app"
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
