/** The running announcements of the user's worksite, newest first, turning every 6 s when there are several; a tap opens one. */
import { Swiper } from "antd-mobile"
import { Link } from "wouter"
import { tokenPath } from "../../../lib/session"
import { useRunningActivities } from "../api/running-activities"

export const CAROUSEL_INTERVAL_MS = 6_000

export const ActivityCarousel = (props: { readonly worksiteId: string | undefined; readonly token: string }) => {
  const running = useRunningActivities(props.worksiteId)
  const list = running.data ?? []
  if (list.length === 0) return null
  return (
    <section className={list.length > 1 ? "home-carousel home-carousel--several" : "home-carousel"} data-testid="home-carousel" aria-label="活动">
      <Swiper autoplay={list.length > 1} autoplayInterval={CAROUSEL_INTERVAL_MS} loop={list.length > 1} indicator={list.length > 1 ? undefined : () => null}>
        {list.map((a) => (
          <Swiper.Item key={a._id}>
            <Link href={`/active/${encodeURIComponent(a._id)}/${tokenPath(props.token)}`} className="home-carousel__item" data-testid="home-activity">
              <span className="home-carousel__tag">活动</span>
              <span className="home-carousel__title">{a.title}</span>
            </Link>
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  )
}
