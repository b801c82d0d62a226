import { useQuery } from '@tanstack/react-query';
import { Button, Carousel, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownContent } from '@agent-bo/shared';
import { useUserStore } from '../../../stores/user-store';
import { popsApi } from '../api/pops-api';
import { sessionFingerprint, usePopsStore } from '../pops-store';
import { siteNowText, siteToday } from '../site-date';
import '../pops.css';

/**
 * The activities chosen as pop-ups (PRODUCT.md §6), shown once per sign-in after the signed-in
 * layout appears (and again after a reload until dismissed): a carousel with image, title and body, dismissible, with "don't show again
 * today" remembered per account. A reload of the same session does not show them again.
 */
export function ActivityPops() {
  const { t } = useTranslation('pops');
  const token = useUserStore((s) => s.token);
  const accountNo = useUserStore((s) => s.userInfo?.accountNo);
  const session = token ? sessionFingerprint(token) : null;
  const due = usePopsStore((s) => !!session && !!accountNo && s.shownInSession !== session && s.snoozedOn[accountNo] !== siteToday());
  const [snooze, setSnooze] = useState(false);

  const query = useQuery({ queryKey: ['activity', 'pops', session], queryFn: ({ signal }) => popsApi.current(signal), enabled: due });
  // The server sends only current items; one that ends while the answer travels is dropped too.
  const items = (query.data ?? []).filter((item) => item.endAt > siteNowText());

  // Marked shown when dismissed: a reload before that shows them again, a reload after does not.
  const close = () => {
    if (!session || !accountNo) return;
    if (snooze) usePopsStore.getState().snooze(accountNo, siteToday());
    usePopsStore.getState().markShown(session);
  };

  if (!due || items.length === 0) return null;
  return (
    <Modal
      open
      onCancel={close}
      title={t('title')}
      width={560}
      className="activity-pops"
      data-testid="activity-pops"
      footer={
        <div className="activity-pops__footer">
          <Checkbox checked={snooze} onChange={(e) => setSnooze(e.target.checked)} data-testid="activity-pops-snooze">
            {t('snoozeToday')}
          </Checkbox>
          <Button type="primary" onClick={close} data-testid="activity-pops-close">
            {t('close')}
          </Button>
        </div>
      }
    >
      <Carousel arrows={items.length > 1} dots={items.length > 1} adaptiveHeight>
        {items.map((item) => (
          <PopSlide key={item.id} item={item} />
        ))}
      </Carousel>
    </Modal>
  );
}

function PopSlide({ item }: { item: ShownContent }) {
  return (
    <article className="activity-pops__slide" data-testid="activity-pop">
      {item.imageUrl ? <img className="activity-pops__image" src={item.imageUrl} alt="" /> : null}
      <Typography.Title level={4}>{item.title}</Typography.Title>
      {/* Sanitized by the server on save with an allow-list (no scripts, handlers or foreign URLs). */}
      <div className="activity-pops__body" dangerouslySetInnerHTML={{ __html: item.body }} />
    </article>
  );
}
