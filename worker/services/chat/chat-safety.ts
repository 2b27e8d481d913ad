/**
 * Known payment-scam patterns in Indian classifieds chats. A match does not block the message: it
 * is delivered with a warning that the recipient's client shows as a safety banner.
 */
const RULES: { pattern: RegExp; warning: string }[] = [
  {
    pattern: /\b(upi|bhim|gpay|google pay|phonepe|paytm)\b.{0,40}\bpin\b|\bpin\b.{0,30}\b(upi|receive|payment)\b/i,
    warning: 'Never share or enter your UPI PIN to receive money. A PIN is only needed to pay.',
  },
  {
    pattern: /\b(scan|send|share)\b.{0,30}\bqr\b.{0,40}\b(receive|get|credit|payment|money)\b|\bqr\b.{0,30}\bto (receive|get)\b/i,
    warning: 'Scanning a QR code sends money, it never receives it. Do not scan a QR code to "receive" payment.',
  },
  {
    pattern: /\b(advance|token amount|booking amount|pay first|transfer first|courier charges?|delivery charges? first|army|cantonment)\b/i,
    warning: 'Be careful with requests for advance payment. Pay only after you have seen and collected the item.',
  },
  {
    pattern: /\b(whatsapp|telegram|signal)\b.{0,40}\b(pay|payment|money|deal|number|chat)\b|\b(pay|payment)\b.{0,40}\b(whatsapp|telegram)\b/i,
    warning: 'Keep the conversation on SEL. Scammers move chats to other apps to avoid our safety checks.',
  },
  {
    pattern: /\b(otp|one time password|verification code)\b.{0,30}\b(send|share|tell|give)\b|\b(send|share|tell|give)\b.{0,30}\b(otp|verification code)\b/i,
    warning: 'Never share an OTP or verification code with anyone, not even someone claiming to be from SEL.',
  },
];

/** Every warning text: the web app shows each in the reader's language (features/chat/hindi.ts). */
export const SCAM_WARNINGS = RULES.map((r) => r.warning);

export const scamWarning = (text: string): string | null => RULES.find((r) => r.pattern.test(text))?.warning ?? null;
