/** `/`: the fake messaging app's sign-in, standing in for the app's menu that opens the station pages. */
import { DevSignIn } from "../../features/dev-login/components/dev-sign-in"

export const HomeRoute = () => (
  <div className="page home">
    <header className="home__hero">
      <div className="home__logo" aria-hidden>驿</div>
      <h1>校园快递驿站</h1>
      <p>校园快递 · 便捷取件 · 跑腿代取</p>
    </header>
    <main className="page__body">
      <DevSignIn />
    </main>
    <footer className="home__footer">演示环境：模拟公众号登录</footer>
  </div>
)
