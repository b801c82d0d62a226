import type { Locale } from '@agent-bo/shared';

/** What a code message says, in the language of the person who asked for it. */
export type CodePurpose = 'SIGNIN' | 'RESET' | 'VERIFY';

const CODE_TEXTS: Record<Locale, { subject: Record<CodePurpose, string>; text: Record<CodePurpose, string> }> = {
  zh_TW: {
    subject: { SIGNIN: '登入驗證碼', RESET: '重設密碼驗證碼', VERIFY: '聯絡方式驗證碼' },
    text: {
      SIGNIN: '您的登入驗證碼：{{code}}（5 分鐘內有效）。請勿提供給任何人。',
      RESET: '您的重設密碼驗證碼：{{code}}（5 分鐘內有效）。若非本人操作，請忽略並告知上級。',
      VERIFY: '您的驗證碼：{{code}}（5 分鐘內有效），用於確認此聯絡方式。',
    },
  },
  en: {
    subject: { SIGNIN: 'Your sign-in code', RESET: 'Your password reset code', VERIFY: 'Your verification code' },
    text: {
      SIGNIN: 'Your sign-in code is {{code}} (valid 5 minutes). Never share it with anyone.',
      RESET: 'Your password reset code is {{code}} (valid 5 minutes). If you did not ask for it, ignore it and tell your upper agent.',
      VERIFY: 'Your code is {{code}} (valid 5 minutes); it confirms this contact for your account.',
    },
  },
  th: {
    subject: { SIGNIN: 'รหัสเข้าสู่ระบบ', RESET: 'รหัสรีเซ็ตรหัสผ่าน', VERIFY: 'รหัสยืนยัน' },
    text: {
      SIGNIN: 'รหัสเข้าสู่ระบบของคุณคือ {{code}} (ใช้ได้ 5 นาที) ห้ามบอกรหัสนี้กับผู้อื่น',
      RESET: 'รหัสรีเซ็ตรหัสผ่านของคุณคือ {{code}} (ใช้ได้ 5 นาที) หากคุณไม่ได้ขอ โปรดเพิกเฉยและแจ้งเอเจนต์ระดับบน',
      VERIFY: 'รหัสของคุณคือ {{code}} (ใช้ได้ 5 นาที) เพื่อยืนยันช่องทางติดต่อนี้',
    },
  },
  vi: {
    subject: { SIGNIN: 'Mã đăng nhập', RESET: 'Mã đặt lại mật khẩu', VERIFY: 'Mã xác minh' },
    text: {
      SIGNIN: 'Mã đăng nhập của bạn là {{code}} (hiệu lực 5 phút). Không chia sẻ mã này với bất kỳ ai.',
      RESET:
        'Mã đặt lại mật khẩu của bạn là {{code}} (hiệu lực 5 phút). Nếu không phải bạn yêu cầu, hãy bỏ qua và báo cho đại lý cấp trên.',
      VERIFY: 'Mã của bạn là {{code}} (hiệu lực 5 phút), dùng để xác nhận liên hệ này.',
    },
  },
};

export function codeMessage(purpose: CodePurpose, code: string, locale: Locale): { subject: string; text: string } {
  const texts = CODE_TEXTS[locale];
  return { subject: texts.subject[purpose], text: texts.text[purpose].replace('{{code}}', code) };
}
