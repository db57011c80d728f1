/** `/robbingListCompleteOrCancel/:type/:status/:token`: the finished or cancelled orders, page by page. */
export { RobbingListRoute as RobbingListCompleteOrCancelRoute } from "./robbing-list"
