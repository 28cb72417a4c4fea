/** Spec §3 Notification: an entry of the student's communication centre. */
export interface StudentNotification {
  id: number;
  isRead: boolean;
  subject: string;
  /** HTML; sanitised before it is shown (lib/sanitize-html). */
  message: string;
  createdAt: string;
}
