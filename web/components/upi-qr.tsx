import { useEffect, useState } from 'react';
import { formatInr, paiseToRupeesString } from '../../shared/money';
import './upi-qr.css';

/** Quiet zone around the code, in modules (the QR standard asks for 4; 2 reads on paper). */
const QUIET = 2;

/** The module matrix as one SVG path: a `h1v1` square per dark module. */
function qrPath(size: number, data: ArrayLike<number>): string {
  let path = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (data[y * size + x]) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  return path;
}

/** The QR's matrix of `value`; the qrcode package is loaded the first time a QR is drawn. */
function useQrMatrix(value: string) {
  const [matrix, setMatrix] = useState<{ value: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      if (!live) return;
      const { modules } = create(value, { errorCorrectionLevel: 'M' });
      setMatrix({ value, size: modules.size, path: qrPath(modules.size, modules.data) });
    });
    return () => {
      live = false;
    };
  }, [value]);
  return matrix?.value === value ? matrix : null;
}

/**
 * A UPI pay link (shared/upi.ts) as a QR code any UPI app scans, drawn as an SVG path (black on
 * white, so it prints on a thermal receipt as on screen), with the amount under it.
 */
export function UpiQr({
  uri,
  amountPaise,
  size = 168,
  caption,
  onReady,
}: {
  /** The `upi://pay?...` link. */
  uri: string;
  amountPaise: number;
  size?: number;
  /** A line under the amount ('Scan to pay with any UPI app'). */
  caption?: string;
  /** Runs once the code is drawn (a printout waits for it before it prints). */
  onReady?: () => void;
}) {
  const matrix = useQrMatrix(uri);
  const drawn = matrix !== null;
  useEffect(() => {
    if (drawn) onReady?.();
  }, [drawn, onReady]);
  const label = `UPI QR code for Rs. ${paiseToRupeesString(amountPaise)}`;
  return (
    <div className="tf-upi-qr" data-testid="upi-qr">
      {matrix ? (
        <svg
          viewBox={`0 0 ${matrix.size + QUIET * 2} ${matrix.size + QUIET * 2}`}
          width={size}
          height={size}
          role="img"
          aria-label={label}
          shapeRendering="crispEdges"
          data-uri={uri}
        >
          <rect width="100%" height="100%" fill="#fff" />
          <path d={matrix.path} fill="#000" />
        </svg>
      ) : (
        // Its place kept while the qrcode package loads; the image is there once drawn.
        <div className="tf-upi-qr-pending" style={{ width: size, height: size }} aria-hidden />
      )}
      <p className="tf-upi-qr-amount">{formatInr(amountPaise)}</p>
      {caption && <p className="tf-upi-qr-caption">{caption}</p>}
    </div>
  );
}
