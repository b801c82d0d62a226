import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';

/**
 * A bulk action's button and menu. The menu opens only when `canOpen` says there is a selection
 * (it shows the grid's "select at least one" notice otherwise), so no request goes out empty.
 */
export function BulkMenu<K extends string | number>({
  label,
  choices,
  canOpen,
  onPick,
  loading,
  testId,
  itemTestId,
}: {
  label: string;
  choices: readonly { key: K; label: string }[];
  canOpen: () => boolean;
  onPick: (key: K) => void;
  loading: boolean;
  testId: string;
  /** The test id of a choice: `<itemTestId>-<key>`. */
  itemTestId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => !next && setOpen(false)}
      trigger={['click']}
      menu={{
        items: choices.map((c) => ({ key: String(c.key), label: <span data-testid={`${itemTestId}-${c.key}`}>{c.label}</span> })),
        onClick: ({ key }) => {
          setOpen(false);
          const choice = choices.find((c) => String(c.key) === key);
          if (choice) onPick(choice.key);
        },
      }}
    >
      <Button loading={loading} onClick={() => setOpen(canOpen())} data-testid={testId}>
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
