import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTrx } from '../../../../shared/format/money.js';
import type { ChartDay } from './chart-summary.js';

const HEIGHT = 240;
const ACCENT = '#0b5cad';
const ORDERS_STROKE = '#b35c00';
/** Whole steps only: an order count has no fractions to tick. */
const ORDER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];

const options = (width: number): uPlot.Options => ({
  width,
  height: HEIGHT,
  // The series are UTC days: label them as such whatever the viewer's zone.
  tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
  legend: { show: false },
  cursor: { drag: { x: false, y: false } },
  // Orders from 0 on their own scale, at least to 1 so a range without orders still has an axis.
  scales: { orders: { range: (_plot, _min, max) => [0, Math.max(1, max)] } },
  series: [
    {},
    {
      label: 'Revenue',
      scale: 'trx',
      stroke: ACCENT,
      fill: 'rgba(11, 92, 173, 0.25)',
      paths: uPlot.paths.bars?.({ size: [0.8, 12] }),
      value: (_plot, value) => (value === null ? '' : formatTrx(value)),
    },
    {
      label: 'Orders',
      scale: 'orders',
      stroke: ORDERS_STROKE,
      width: 2,
      points: { show: false },
      value: (_plot, value) => (value === null ? '' : String(value)),
    },
  ],
  axes: [
    {},
    { scale: 'trx', label: 'TRX', size: 70 },
    {
      scale: 'orders',
      side: 1,
      label: 'Orders',
      size: 50,
      stroke: ORDERS_STROKE,
      incrs: ORDER_STEPS,
      grid: { show: false },
    },
  ],
});

/** The uPlot drawing, as wide as its container and redrawn at the new width when that changes. */
const RevenueCanvas = ({ days }: { days: readonly ChartDay[] }) => {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      days.map((day) => day.revenue),
      days.map((day) => day.orders),
    ];
    const plot = new uPlot(options(element.clientWidth), data, element);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) plot.setSize({ width: Math.floor(entry.contentRect.width), height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={container} className="chart-canvas" aria-hidden="true" />;
};

export default RevenueCanvas;
