import { CRASH_STATUS } from '@coinsite/shared/schemas/crash';
import { CRASH_GROWTH_PER_MS, crashMultiplierAt } from '@coinsite/shared/games';
import { type RefObject, useEffect, useRef } from 'react';
import { type CrashView, drawElapsed } from './crash-state.ts';

const GREEN = '#4ade80';
const RED = '#f87171';
const GRID = 'rgba(154,163,192,0.12)';
const LABEL = 'rgba(154,163,192,0.75)';
const PAD = { left: 44, right: 16, top: 16, bottom: 28 };

/** Multiplier gridlines that read well at any scale: 1x, 1.5x, 2x, 3x, 5x, 10x, 20x… */
function yTicks(max: number): number[] {
  const steps = [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000, 10000];
  const span = max - 1;
  const step = steps.find((s) => span / s <= 5) ?? 10000;
  const out: number[] = [];
  for (let v = 1; v <= max + 1e-9; v += step) out.push(v);
  return out;
}

function draw(canvas: HTMLCanvasElement, view: CrashView, now: number) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);

  const elapsed = drawElapsed(view, now);
  const current = crashMultiplierAt(elapsed) / 100;
  const xMax = Math.max(10_000, elapsed * 1.2);
  const yMax = Math.max(2, current * 1.25);
  const plotW = w - PAD.left - PAD.right;
  const plotH = h - PAD.top - PAD.bottom;
  const x = (ms: number) => PAD.left + (ms / xMax) * plotW;
  const y = (m: number) => PAD.top + plotH - ((m - 1) / (yMax - 1)) * plotH;

  ctx.font = '11px ui-monospace, SFMono-Regular, Menlo, monospace';
  ctx.lineWidth = 1;
  for (const v of yTicks(yMax)) {
    ctx.strokeStyle = GRID;
    ctx.beginPath();
    ctx.moveTo(PAD.left, y(v));
    ctx.lineTo(w - PAD.right, y(v));
    ctx.stroke();
    ctx.fillStyle = LABEL;
    ctx.textAlign = 'right';
    ctx.fillText(`${Number(v.toFixed(2))}x`, PAD.left - 6, y(v) + 4);
  }
  const secondStep = xMax > 60_000 ? 20_000 : xMax > 25_000 ? 10_000 : 2_000;
  ctx.textAlign = 'center';
  for (let s = 0; s <= xMax; s += secondStep) {
    ctx.fillStyle = LABEL;
    ctx.fillText(`${s / 1000}s`, x(s), h - 8);
  }

  const live = view.status === CRASH_STATUS.InProgress;
  const over = view.status === CRASH_STATUS.Over || view.status === CRASH_STATUS.Refunded;
  if (!live && !over) return;
  const color = over ? RED : GREEN;
  const samples = Math.max(2, Math.min(240, Math.ceil(plotW / 3)));
  ctx.beginPath();
  for (let i = 0; i <= samples; i++) {
    const t = (elapsed * i) / samples;
    const px = x(t);
    // the smooth curve; the floored value (what pays) is the number shown over it
    const py = y(Math.exp(CRASH_GROWTH_PER_MS * t));
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  // the glow is a wide translucent stroke under the line: a canvas shadowBlur costs tens of ms a
  // frame where the canvas is rasterised on the CPU (issue 14 item 11)
  ctx.lineJoin = 'round';
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.22;
  ctx.lineWidth = 12;
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.lineWidth = 4;
  ctx.stroke();
  ctx.lineTo(x(elapsed), y(1));
  ctx.lineTo(x(0), y(1));
  ctx.closePath();
  const fill = ctx.createLinearGradient(0, PAD.top, 0, PAD.top + plotH);
  fill.addColorStop(0, over ? 'rgba(248,113,113,0.28)' : 'rgba(74,222,128,0.28)');
  fill.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x(elapsed), y(Math.exp(CRASH_GROWTH_PER_MS * elapsed)), 6, 0, Math.PI * 2);
  ctx.fillStyle = '#fff';
  ctx.fill();
}

/** The live graph (spec-3 §2.9): the curve drawn every frame from the view, extrapolated between ticks. */
export function CrashGraph({ viewRef }: { viewRef: RefObject<CrashView> }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let frame = 0;
    let drawn = '';
    const loop = () => {
      const canvas = canvasRef.current;
      if (canvas) {
        const view = viewRef.current;
        const now = Date.now();
        // redraw only when the picture changes: a still graph (betting, the bust) costs nothing
        const key = `${view.status}:${drawElapsed(view, now)}:${canvas.clientWidth}x${canvas.clientHeight}`;
        if (key !== drawn) {
          drawn = key;
          draw(canvas, view, now);
        }
      }
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [viewRef]);
  return <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />;
}
