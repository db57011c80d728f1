/** The static pages' footer (spec 002 §2): © 2017 to this Asia/Shanghai year, and the brand label as the bottom link. */
import { Link } from "wouter"
import { BRAND, copyright } from "#src/home/footer"

export const StaticFooter = () => (
  <footer className="static-footer" data-testid="static-footer">
    <span data-testid="static-footer-copyright">{copyright(new Date())}</span>
    <Link href="/introduction" className="static-footer__brand" data-testid="static-footer-brand">{BRAND}</Link>
  </footer>
)
