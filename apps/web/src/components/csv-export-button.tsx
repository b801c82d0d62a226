import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { csvBlob, download } from '../lib/download';

/**
 * The CSV download button of a page: fetches the file's text through `fetchCsv` (the API client
 * shows a failure itself), saves it as `fileName` with the BOM, then toasts `doneText`.
 */
export function CsvExportButton({
  fetchCsv,
  fileName,
  doneText,
  label,
  title,
  disabled,
  testId,
}: {
  fetchCsv: () => Promise<unknown>;
  fileName: string;
  doneText: string;
  label: string;
  title: string;
  disabled?: boolean;
  testId: string;
}) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await fetchCsv();
      download(csvBlob(typeof text === 'string' ? text : ''), fileName);
      void message.success(doneText);
    } catch {
      // the API client already showed the failure
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      disabled={disabled}
      onClick={() => void exportCsv()}
      title={title}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
