import type { Canvas } from './canvas';
import { COLORS } from './canvas';

/** Glass, wine and capsule colours and the bottle shape per wine kind (codes of wine_kinds). */
const STYLE: Record<string, { glass: [string, string]; capsule: string; shape: 'bordeaux' | 'burgundy' | 'flute' | 'port' }> = {
  RED: { glass: ['#3a1d24', '#150a0d'], capsule: COLORS.wine, shape: 'bordeaux' },
  WHITE: { glass: ['#d9d9a0', '#9aa267'], capsule: '#c9b27a', shape: 'burgundy' },
  SPARKLING: { glass: ['#3d4a2f', '#1a2214'], capsule: '#c8a85a', shape: 'burgundy' },
  ROSE: { glass: ['#f6c6c4', '#d98d95'], capsule: '#c45a6e', shape: 'flute' },
  DESSERT: { glass: ['#e2a94c', '#a8681b'], capsule: '#8a5a1a', shape: 'flute' },
  FORTIFIED: { glass: ['#3b2418', '#170d08'], capsule: '#4a1f1a', shape: 'port' },
};

export interface BottleLabel {
  top: string;
  title: string;
  bottom: string;
}

/**
 * A wine bottle in vector strokes, centred at cx, standing on `bottom`, `height` tall: glass in the kind's colour
 * with a highlight, capsule, and a paper label carrying the winery, the wine and the vintage.
 */
export function drawBottle(c: Canvas, kindCode: string, cx: number, bottom: number, height: number, label: BottleLabel): void {
  const doc = c.doc;
  const st = STYLE[kindCode] ?? STYLE.RED!;
  const slim = st.shape === 'flute';
  const w = height * (slim ? 0.26 : st.shape === 'port' ? 0.31 : 0.3);
  const nw = w * (st.shape === 'port' ? 0.36 : 0.33);
  const top = bottom - height;
  const neckH = height * (st.shape === 'burgundy' ? 0.26 : slim ? 0.3 : st.shape === 'port' ? 0.24 : 0.32);
  const shoulderH = height * (st.shape === 'burgundy' ? 0.2 : slim ? 0.22 : 0.08);
  const r = w * 0.1;
  const lip = height * 0.02;
  const left = cx - w / 2;
  const right = cx + w / 2;
  const shoulderEnd = top + neckH + shoulderH;

  // Shadow on the table.
  doc.save();
  doc
    .ellipse(cx, bottom + 2, w * 0.75, w * 0.09)
    .fillOpacity(0.12)
    .fill('#000000');
  doc.restore();

  const outline = () => {
    doc
      .moveTo(cx - nw / 2, top + lip)
      .lineTo(cx - nw / 2, top + neckH)
      .bezierCurveTo(cx - nw / 2, top + neckH + shoulderH * 0.55, left, top + neckH + shoulderH * 0.35, left, shoulderEnd)
      .lineTo(left, bottom - r)
      .quadraticCurveTo(left, bottom, left + r, bottom)
      .lineTo(right - r, bottom)
      .quadraticCurveTo(right, bottom, right, bottom - r)
      .lineTo(right, shoulderEnd)
      .bezierCurveTo(right, top + neckH + shoulderH * 0.35, cx + nw / 2, top + neckH + shoulderH * 0.55, cx + nw / 2, top + neckH)
      .lineTo(cx + nw / 2, top + lip)
      .closePath();
  };

  // Glass: a horizontal gradient reads as a round bottle.
  const grad = doc.linearGradient(left, 0, right, 0);
  grad.stop(0, st.glass[1]).stop(0.35, st.glass[0]).stop(1, st.glass[1]);
  doc.save();
  outline();
  doc.fill(grad);
  doc.restore();

  // Highlight along the left side.
  doc.save();
  doc
    .roundedRect(left + w * 0.14, shoulderEnd + height * 0.02, w * 0.07, bottom - shoulderEnd - height * 0.08, w * 0.035)
    .fillOpacity(0.22)
    .fill('#ffffff');
  doc
    .roundedRect(cx - nw * 0.3, top + neckH * 0.45, nw * 0.12, neckH * 0.5, nw * 0.06)
    .fillOpacity(0.18)
    .fill('#ffffff');
  doc.restore();

  // Capsule with a lip ring.
  const capH = neckH * (kindCode === 'SPARKLING' ? 0.75 : 0.45);
  doc.rect(cx - nw / 2 - 0.6, top, nw + 1.2, capH).fill(st.capsule);
  doc.rect(cx - nw / 2 - 1.2, top, nw + 2.4, lip * 1.6).fill(st.capsule);
  doc
    .moveTo(cx - nw / 2 - 0.6, top + capH - 2)
    .lineTo(cx + nw / 2 + 0.6, top + capH - 2)
    .lineWidth(0.6)
    .strokeOpacity(0.35)
    .strokeColor('#ffffff')
    .stroke()
    .strokeOpacity(1);

  // Paper label (blank on the small bottles of a line-up).
  const lw = w * 0.86;
  const lh = Math.min(height * 0.34, (bottom - shoulderEnd) * 0.62);
  const lx = cx - lw / 2;
  const ly = shoulderEnd + (bottom - shoulderEnd - lh) * 0.45;
  doc.roundedRect(lx, ly, lw, lh, 2).fill('#fbf8f2');
  doc
    .roundedRect(lx + 3, ly + 3, lw - 6, lh - 6, 1.5)
    .lineWidth(0.5)
    .strokeColor(COLORS.gold)
    .stroke();
  if (!label.title) return;
  const inner = lw - 12;
  const topText = label.top.toUpperCase();
  let topSize = 4.8;
  while (topSize > 3.6 && c.width(topText, { size: topSize, characterSpacing: 0.3 }) > inner) topSize -= 0.2;
  c.text(topText, lx + 6, ly + lh * 0.16, {
    size: topSize,
    color: COLORS.muted,
    width: inner,
    align: 'center',
    oneLine: true,
    characterSpacing: 0.3,
  });
  // The largest size at which the wine's name fits the label in three lines.
  const room = lh * 0.4;
  let titleSize = 8;
  while (titleSize > 4.5 && c.height(label.title, { size: titleSize, face: 'bold', width: inner }) > room) titleSize -= 0.5;
  c.text(label.title, lx + 6, ly + lh * 0.3, {
    size: titleSize,
    face: 'bold',
    color: COLORS.wineDark,
    width: inner,
    align: 'center',
    height: room + 1,
  });
  doc
    .moveTo(cx - inner * 0.2, ly + lh * 0.74)
    .lineTo(cx + inner * 0.2, ly + lh * 0.74)
    .lineWidth(0.4)
    .strokeColor(COLORS.gold)
    .stroke();
  c.text(label.bottom, lx + 6, ly + lh * 0.78, {
    size: 5.5,
    face: 'bold',
    color: COLORS.text,
    width: inner,
    align: 'center',
    oneLine: true,
  });
}
