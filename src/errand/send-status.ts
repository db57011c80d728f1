/**
 * The statuses of a parcel to send (spec 001 §4 "Parcel to send status"). A door pickup is one aggregate: its
 * type-2 errand's edges (status-machine.ts) carry its send order through them; src/sending moves a plain sending.
 */
export const SendStatus = {
  pendingPayment: 0,
  taskPosted: 1,
  accepted: 2,
  awaitingRunnerConfirmation: 3,
  awaitingNumber: 4,
  awaitingOutOfStock: 5,
  awaitingFreight: 10,
  awaitingFreightPayment: 20,
  outOfStock: 100,
  cancelled: 400
} as const
export type SendStatus = (typeof SendStatus)[keyof typeof SendStatus]
export const sendStatuses = Object.values(SendStatus) as ReadonlyArray<SendStatus>

export const sendStatusNames: Record<SendStatus, string> = {
  0: "待支付",
  1: "任务已发布",
  2: "已接单",
  3: "待跑腿确认",
  4: "待分配单号",
  5: "待出库",
  10: "待计算运费",
  20: "待支付运费",
  100: "已出库",
  400: "已取消"
}
