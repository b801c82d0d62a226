import { QrApproveScreen } from '../components/qr-approve-screen';
import { QrScanScreen } from '../components/qr-scan-screen';

/*
 * The signed-in device's two pages, in one module (one chunk): each page chunk that reaches a
 * different part of what the login page loads splits those shared chunks further, and the login
 * page pays for every extra file (scripts/size-budget.mjs).
 */

/** `/qr?t=…` (signed in): what a QR sign-in code opens; approve or deny the browser that asks. */
export function QrApprovePage() {
  return <QrApproveScreen />;
}

/** `/qr/scan` (signed in, from the user menu on a phone): read a QR sign-in code with the camera. */
export function QrScanPage() {
  return <QrScanScreen />;
}
