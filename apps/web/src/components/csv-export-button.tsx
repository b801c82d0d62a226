import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { csvBlob, download } from '../lib/download';
import type { CsvLabels } from '../lib/localize-csv';

/**
 * The CSV download button of a page: fetches the file's text through `fetchCsv` (the API client
 * shows a failure itself), puts its headers and coded columns in the screen's words (`labels`,
 * lib/localize-csv), saves it as `fileName` with the BOM, then toasts `doneText`.
 */
export function CsvExportButton({
  fetchCsv,
  labels,
  fileName,
  doneText,
  label,
  title,
  disabled,
  testId,
}: {
  fetchCsv: () => Promise<unknown>;
  labels: CsvLabels;
  /** The file's name, or how to name it at the moment of the download. */
  fileName: string | (() => string);
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
      // The CSV parser is fetched with the first export, not with the page.
      const { localizeCsv } = await import('../lib/localize-csv');
      const file = localizeCsv(typeof text === 'string' ? text : '', labels);
      download(csvBlob(file), typeof fileName === 'function' ? fileName() : fileName);
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
