import { ScanOutlined } from '@ant-design/icons';
import { Alert, Card, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { scannedSignInPath } from '../scanned-link';
import '../qr-sign-in.css';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** A look at the picture this often: quick enough to feel immediate, light on a phone's battery. */
const SCAN_EVERY_MS = 300;

type Phase = 'starting' | 'scanning' | 'unsupported' | 'cameraFailed';

function detectorClass(): BarcodeDetectorClass | null {
  const found = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return found && typeof navigator.mediaDevices?.getUserMedia === 'function' ? found : null;
}

/**
 * "Scan to sign in" (`/qr/scan`, from the user menu on a phone): the back camera and the browser's
 * own QR reader (BarcodeDetector) where it has one; a code of this app's sign-in opens its
 * approval page, any other code is said to be no sign-in code. Where the browser has no reader or
 * the camera is refused, the page says to use the phone's camera app, which opens the code's link
 * directly. The camera stops when the page is left. Test ids `qr-scan-*`.
 */
export function QrScanScreen() {
  const { t } = useTranslation('qrSignIn');
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>(() => (detectorClass() ? 'starting' : 'unsupported'));
  const [foreign, setForeign] = useState(false);

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      const formats = await Detector.getSupportedFormats?.();
      if (formats && !formats.includes('qr_code')) {
        setPhase('unsupported');
        return;
      }
      const detector = new Detector({ formats: ['qr_code'] });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play();
      setPhase('scanning');
      const look = async () => {
        if (stopped) return;
        const codes = await detector.detect(element).catch(() => []);
        for (const code of codes) {
          const path = scannedSignInPath(code.rawValue, window.location.origin);
          if (path) {
            void navigate(path);
            return;
          }
          setForeign(true);
        }
        timer = setTimeout(() => void look(), SCAN_EVERY_MS);
      };
      await look();
    };
    start().catch(() => {
      if (!stopped) setPhase('cameraFailed');
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [navigate]);

  return (
    <div className="page qr-scan" data-testid="qr-scan-page">
      <Card
        variant="borderless"
        title={
          <span>
            <ScanOutlined /> {t('scanTitle')}
          </span>
        }
      >
        {phase === 'unsupported' || phase === 'cameraFailed' ? (
          <Alert
            type="info"
            showIcon
            title={t(phase === 'unsupported' ? 'scanUnsupported' : 'scanCameraFailed')}
            description={t('scanInstead')}
            data-testid="qr-scan-hint"
          />
        ) : (
          <>
            <video ref={video} className="qr-scan__video" playsInline muted aria-label={t('scanVideo')} data-testid="qr-scan-video" />
            {foreign ? (
              <Alert type="warning" showIcon title={t('scanForeign')} style={{ marginBottom: 12 }} data-testid="qr-scan-foreign" />
            ) : null}
            <Typography.Paragraph>{t('scanAim')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('scanCameraApp')}</Typography.Paragraph>
          </>
        )}
      </Card>
    </div>
  );
}
