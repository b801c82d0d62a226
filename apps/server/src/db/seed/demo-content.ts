import { type ContentType, type LocalizedText, type SiteId } from '@agent-bo/shared';
import type { Db } from '../client.js';
import { contentItems, images } from '../schema/index.js';
import { gradientPng, type DemoImage } from './demo-images.js';

/**
 * Demo content of every site (PRODUCT.md §6): activities with banners (two chosen as pop-ups,
 * one already ended), announcements (one still a draft) and two broadcasts, in all four
 * languages, so the content screens, the pop-ups after sign-in and the header marquee show
 * something real right after start. Windows are relative to the seeding time.
 */
const DAY = 86_400_000;

interface DemoItem {
  type: ContentType;
  title: LocalizedText;
  body: LocalizedText;
  image?: DemoImage;
  /** Days from now. */
  start: number;
  end: number;
  status: 'Published' | 'Draft';
  sort: number;
  popOrder?: number;
}

const BANNERS = {
  welcome: gradientPng(640, 320, [249, 201, 4], [214, 84, 20]),
  weekly: gradientPng(640, 320, [32, 120, 220], [120, 40, 200]),
  vip: gradientPng(640, 320, [20, 150, 110], [10, 60, 90]),
  ended: gradientPng(640, 320, [120, 120, 120], [60, 60, 60]),
};

const p = (text: string) => `<p>${text}</p>`;
const empty: LocalizedText = { zh_TW: '', en: '', th: '', vi: '' };

const ITEMS: DemoItem[] = [
  {
    type: 'ACTIVITY',
    title: { zh_TW: '新會員首存禮', en: 'Welcome bonus for new members', th: 'โบนัสต้อนรับสมาชิกใหม่', vi: 'Thưởng chào mừng thành viên mới' },
    body: {
      zh_TW: `${p('<strong>首次存款享 100% 回饋</strong>，最高 1,000 點。')}<ul><li>活動期間內限領一次</li><li>需完成身分驗證</li></ul>`,
      en: `${p('<strong>100% back on your first deposit</strong>, up to 1,000 points.')}<ul><li>Once per member during the event</li><li>Identity verification required</li></ul>`,
      th: `${p('<strong>รับคืน 100% จากการฝากครั้งแรก</strong> สูงสุด 1,000 แต้ม')}<ul><li>รับได้ครั้งเดียวต่อสมาชิก</li><li>ต้องยืนยันตัวตน</li></ul>`,
      vi: `${p('<strong>Hoàn 100% lần nạp đầu</strong>, tối đa 1.000 điểm.')}<ul><li>Mỗi thành viên một lần</li><li>Cần xác minh danh tính</li></ul>`,
    },
    image: BANNERS.welcome,
    start: -3,
    end: 180,
    status: 'Published',
    sort: 1,
    popOrder: 0,
  },
  {
    type: 'ACTIVITY',
    title: {
      zh_TW: '每週真人百家樂挑戰',
      en: 'Weekly live baccarat challenge',
      th: 'ชาเลนจ์บาคาร่าสดประจำสัปดาห์',
      vi: 'Thử thách baccarat trực tiếp hằng tuần',
    },
    body: {
      zh_TW: p('每週一至週日，真人遊戲有效投注前 20 名可獲得額外點數。'),
      en: p('Monday to Sunday: the top 20 by valid live-game bets earn extra points.'),
      th: p('จันทร์ถึงอาทิตย์: 20 อันดับแรกของยอดเดิมพันเกมสดรับแต้มพิเศษ'),
      vi: p('Thứ Hai đến Chủ nhật: 20 người có cược hợp lệ cao nhất ở trò chơi trực tiếp nhận thêm điểm.'),
    },
    image: BANNERS.weekly,
    start: -1,
    end: 120,
    status: 'Published',
    sort: 2,
    popOrder: 1,
  },
  {
    type: 'ACTIVITY',
    title: { zh_TW: 'VIP 生日禮金', en: 'VIP birthday gift', th: 'ของขวัญวันเกิด VIP', vi: 'Quà sinh nhật VIP' },
    body: {
      zh_TW: p('VIP 會員生日當月可向所屬代理申請生日禮金。'),
      en: p('VIP members can ask their agent for a birthday gift in their birthday month.'),
      th: p('สมาชิก VIP ขอรับของขวัญวันเกิดจากเอเจนต์ได้ในเดือนเกิด'),
      vi: p('Thành viên VIP có thể nhận quà sinh nhật từ đại lý trong tháng sinh nhật.'),
    },
    image: BANNERS.vip,
    start: -10,
    end: 365,
    status: 'Published',
    sort: 3,
  },
  {
    type: 'ACTIVITY',
    title: {
      zh_TW: '中秋節加碼（已結束）',
      en: 'Mid-Autumn boost (ended)',
      th: 'โปรไหว้พระจันทร์ (สิ้นสุดแล้ว)',
      vi: 'Khuyến mãi Trung thu (đã kết thúc)',
    },
    body: { ...empty, zh_TW: p('活動已結束，感謝參與。') },
    image: BANNERS.ended,
    start: -70,
    end: -40,
    status: 'Published',
    sort: 9,
  },
  {
    type: 'ANNOUNCEMENT',
    title: { zh_TW: '系統維護公告', en: 'Scheduled maintenance', th: 'ประกาศปิดปรับปรุงระบบ', vi: 'Thông báo bảo trì hệ thống' },
    body: {
      zh_TW: p('本週四 04:00–06:00（站點時間）進行系統維護，期間暫停轉點。'),
      en: p('Maintenance this Thursday 04:00–06:00 (site time); credit transfers pause meanwhile.'),
      th: p('ปิดปรับปรุงวันพฤหัสบดีนี้ 04:00–06:00 (เวลาไซต์) ระหว่างนั้นงดโอนเครดิต'),
      vi: p('Bảo trì thứ Năm này 04:00–06:00 (giờ trang); tạm dừng chuyển điểm trong thời gian này.'),
    },
    start: -2,
    end: 30,
    status: 'Published',
    sort: 1,
  },
  {
    type: 'ANNOUNCEMENT',
    title: {
      zh_TW: '新遊戲商上線',
      en: 'A new game provider is live',
      th: 'ผู้ให้บริการเกมรายใหม่เปิดแล้ว',
      vi: 'Nhà cung cấp trò chơi mới đã ra mắt',
    },
    body: {
      zh_TW: p('新的電子遊戲商已上線，代理可在會員資料中為玩家開通。'),
      en: p('A new slot provider is live; agents can enable it for players on the member screen.'),
      th: p('ผู้ให้บริการสล็อตรายใหม่พร้อมแล้ว เอเจนต์เปิดให้ผู้เล่นได้ที่หน้าสมาชิก'),
      vi: p('Nhà cung cấp slot mới đã sẵn sàng; đại lý có thể bật cho người chơi ở màn hình thành viên.'),
    },
    start: -5,
    end: 60,
    status: 'Published',
    sort: 2,
  },
  {
    type: 'ANNOUNCEMENT',
    title: {
      zh_TW: '服務條款更新（草稿）',
      en: 'Terms of service update (draft)',
      th: 'ปรับปรุงข้อกำหนดการให้บริการ (ฉบับร่าง)',
      vi: 'Cập nhật điều khoản dịch vụ (bản nháp)',
    },
    body: { ...empty, zh_TW: p('草稿：下月起更新服務條款。'), en: p('Draft: the terms change next month.') },
    start: 5,
    end: 90,
    status: 'Draft',
    sort: 3,
  },
  {
    type: 'BROADCAST',
    title: {
      zh_TW: '本週四 04:00–06:00 系統維護，期間暫停轉點。',
      en: 'Maintenance Thursday 04:00–06:00; credit transfers pause meanwhile.',
      th: 'ปิดปรับปรุงวันพฤหัสบดี 04:00–06:00 งดโอนเครดิตชั่วคราว',
      vi: 'Bảo trì thứ Năm 04:00–06:00; tạm dừng chuyển điểm.',
    },
    body: empty,
    start: -2,
    end: 30,
    status: 'Published',
    sort: 1,
  },
  {
    type: 'BROADCAST',
    title: {
      zh_TW: '新會員首存禮進行中，最高回饋 1,000 點！',
      en: 'Welcome bonus running now: up to 1,000 points back!',
      th: 'โบนัสต้อนรับสมาชิกใหม่ รับคืนสูงสุด 1,000 แต้ม!',
      vi: 'Thưởng chào mừng đang diễn ra: hoàn đến 1.000 điểm!',
    },
    body: empty,
    start: -3,
    end: 180,
    status: 'Published',
    sort: 2,
  },
];

/** The images the demo content uses, each stored once whatever the number of sites. */
export async function seedDemoImages(db: Pick<Db, 'insert'>): Promise<void> {
  const rows = Object.values(BANNERS).map((b) => ({
    id: b.id,
    mime: b.mime,
    size: b.bytes.length,
    width: b.width,
    height: b.height,
    bytes: b.bytes,
  }));
  await db.insert(images).values(rows).onConflictDoNothing();
}

/** Inserts one site's demo content; `now` anchors the windows. */
export async function seedDemoContent(db: Pick<Db, 'insert'>, siteId: SiteId, now: Date): Promise<number> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const rows = ITEMS.map((item) => ({
    siteId,
    type: item.type,
    title: item.title,
    body: item.body,
    imageId: item.image?.id ?? null,
    startAt: at(item.start),
    endAt: at(item.end),
    status: item.status,
    sort: item.sort,
    popOrder: item.popOrder ?? null,
  }));
  await db.insert(contentItems).values(rows);
  return rows.length;
}
