import type { Locale } from './locales.js';

/**
 * The server's error catalogue. Every failure answers with the envelope
 * `{ code, message, success: false, data }`: `code` is the number below, `message` the text
 * translated into the caller's language. `status` is the HTTP status sent with it; only
 * UNAUTHORIZED carries 401, which makes the web client sign the user out (spec §8).
 */
export const ERRORS = {
  BAD_REQUEST: { code: 400, status: 400 },
  UNAUTHORIZED: { code: 401, status: 401 },
  FORBIDDEN: { code: 403, status: 403 },
  NOT_FOUND: { code: 404, status: 404 },
  METHOD_NOT_ALLOWED: { code: 405, status: 405 },
  CONFLICT: { code: 409, status: 409 },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { code: 415, status: 415 },
  TOO_MANY_REQUESTS: { code: 429, status: 429 },
  INTERNAL: { code: 500, status: 500 },
  SERVICE_UNAVAILABLE: { code: 503, status: 503 },
  VALIDATION_FAILED: { code: 1000, status: 400 },
  INVALID_CREDENTIALS: { code: 1001, status: 400 },
  ACCOUNT_DISABLED: { code: 1002, status: 403 },
  SIGNIN_LOCKED: { code: 1003, status: 429 },
  SITE_MISMATCH: { code: 1004, status: 400 },
  ACCOUNT_NOT_FOUND: { code: 1005, status: 404 },
  PERMISSION_DENIED: { code: 1006, status: 403 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export const ERROR_NAMES = Object.keys(ERRORS) as ErrorName[];

export function errorNameForCode(code: number): ErrorName | undefined {
  return ERROR_NAMES.find((name) => ERRORS[name].code === code);
}

type Catalogue = Record<ErrorName, string>;

/** Messages of the catalogue in every locale; `{{n}}` is filled with a number where given. */
export const ERROR_MESSAGES: Record<Locale, Catalogue> = {
  zh_TW: {
    BAD_REQUEST: '請求格式錯誤',
    UNAUTHORIZED: '登入已失效，請重新登入',
    FORBIDDEN: '沒有權限執行此操作',
    NOT_FOUND: '找不到請求的資源',
    METHOD_NOT_ALLOWED: '不允許的請求方法',
    CONFLICT: '資料已被修改，請重新整理後再試',
    PAYLOAD_TOO_LARGE: '請求內容過大',
    UNSUPPORTED_MEDIA_TYPE: '不支援的內容類型',
    TOO_MANY_REQUESTS: '請求過於頻繁，請稍後再試',
    INTERNAL: '伺服器發生錯誤，請稍後再試',
    SERVICE_UNAVAILABLE: '服務暫時無法使用',
    VALIDATION_FAILED: '輸入資料有誤',
    INVALID_CREDENTIALS: '帳號或密碼錯誤',
    ACCOUNT_DISABLED: '帳號已被停用，無法登入',
    SIGNIN_LOCKED: '登入失敗次數過多，請於 {{n}} 秒後再試',
    SITE_MISMATCH: '站點不符，請從正確的網址登入',
    ACCOUNT_NOT_FOUND: '找不到此帳號或無權查看',
    PERMISSION_DENIED: '沒有權限執行此操作',
  },
  en: {
    BAD_REQUEST: 'The request is malformed',
    UNAUTHORIZED: 'Your session has expired, please sign in again',
    FORBIDDEN: 'You are not allowed to do this',
    NOT_FOUND: 'The requested resource was not found',
    METHOD_NOT_ALLOWED: 'This request method is not allowed',
    CONFLICT: 'The data has changed, please refresh and try again',
    PAYLOAD_TOO_LARGE: 'The request is too large',
    UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
    TOO_MANY_REQUESTS: 'Too many requests, please try again later',
    INTERNAL: 'Something went wrong on the server, please try again later',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable',
    VALIDATION_FAILED: 'Some of the input is invalid',
    INVALID_CREDENTIALS: 'Wrong account or password',
    ACCOUNT_DISABLED: 'This account is disabled and cannot sign in',
    SIGNIN_LOCKED: 'Too many failed sign-ins, please try again in {{n}} seconds',
    SITE_MISMATCH: 'Wrong site, please sign in from the right address',
    ACCOUNT_NOT_FOUND: 'The account does not exist or is not yours to see',
    PERMISSION_DENIED: 'You do not have the permission for this',
  },
  th: {
    BAD_REQUEST: 'รูปแบบคำขอไม่ถูกต้อง',
    UNAUTHORIZED: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    FORBIDDEN: 'คุณไม่ได้รับอนุญาตให้ดำเนินการนี้',
    NOT_FOUND: 'ไม่พบทรัพยากรที่ร้องขอ',
    METHOD_NOT_ALLOWED: 'ไม่อนุญาตให้ใช้วิธีการร้องขอนี้',
    CONFLICT: 'ข้อมูลถูกเปลี่ยนแปลง กรุณารีเฟรชแล้วลองใหม่',
    PAYLOAD_TOO_LARGE: 'คำขอมีขนาดใหญ่เกินไป',
    UNSUPPORTED_MEDIA_TYPE: 'ไม่รองรับประเภทเนื้อหานี้',
    TOO_MANY_REQUESTS: 'มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง',
    INTERNAL: 'เซิร์ฟเวอร์เกิดข้อผิดพลาด กรุณาลองใหม่ภายหลัง',
    SERVICE_UNAVAILABLE: 'บริการไม่พร้อมใช้งานชั่วคราว',
    VALIDATION_FAILED: 'ข้อมูลที่กรอกไม่ถูกต้อง',
    INVALID_CREDENTIALS: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง',
    ACCOUNT_DISABLED: 'บัญชีนี้ถูกระงับและไม่สามารถเข้าสู่ระบบได้',
    SIGNIN_LOCKED: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป กรุณาลองใหม่ใน {{n}} วินาที',
    SITE_MISMATCH: 'เว็บไซต์ไม่ตรงกัน กรุณาเข้าสู่ระบบจากที่อยู่ที่ถูกต้อง',
    ACCOUNT_NOT_FOUND: 'ไม่พบบัญชีนี้หรือคุณไม่มีสิทธิ์ดู',
    PERMISSION_DENIED: 'คุณไม่มีสิทธิ์ดำเนินการนี้',
  },
  vi: {
    BAD_REQUEST: 'Yêu cầu không đúng định dạng',
    UNAUTHORIZED: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
    FORBIDDEN: 'Bạn không được phép thực hiện thao tác này',
    NOT_FOUND: 'Không tìm thấy tài nguyên được yêu cầu',
    METHOD_NOT_ALLOWED: 'Phương thức yêu cầu không được phép',
    CONFLICT: 'Dữ liệu đã thay đổi, vui lòng tải lại và thử lại',
    PAYLOAD_TOO_LARGE: 'Yêu cầu quá lớn',
    UNSUPPORTED_MEDIA_TYPE: 'Không hỗ trợ loại nội dung này',
    TOO_MANY_REQUESTS: 'Quá nhiều yêu cầu, vui lòng thử lại sau',
    INTERNAL: 'Máy chủ gặp lỗi, vui lòng thử lại sau',
    SERVICE_UNAVAILABLE: 'Dịch vụ tạm thời không khả dụng',
    VALIDATION_FAILED: 'Dữ liệu nhập không hợp lệ',
    INVALID_CREDENTIALS: 'Sai tài khoản hoặc mật khẩu',
    ACCOUNT_DISABLED: 'Tài khoản đã bị vô hiệu hóa và không thể đăng nhập',
    SIGNIN_LOCKED: 'Đăng nhập sai quá nhiều lần, vui lòng thử lại sau {{n}} giây',
    SITE_MISMATCH: 'Sai trang, vui lòng đăng nhập từ đúng địa chỉ',
    ACCOUNT_NOT_FOUND: 'Tài khoản không tồn tại hoặc bạn không có quyền xem',
    PERMISSION_DENIED: 'Bạn không có quyền thực hiện thao tác này',
  },
};

/** The catalogue message for `name` in `locale`, with `{{n}}` filled in. */
export function errorMessage(name: ErrorName, locale: Locale, params: { n?: number } = {}): string {
  const text = ERROR_MESSAGES[locale][name];
  return params.n === undefined ? text : text.replace('{{n}}', String(params.n));
}
