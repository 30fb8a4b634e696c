import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatTrx } from '../../../../shared/format/money.js';
import type { ChartDay } from './chart-summary.js';

const HEIGHT = 240;
const ACCENT = '#0b5cad';

const options = (width: number): uPlot.Options => ({
  width,
  height: HEIGHT,
  // The series are UTC days: label them as such whatever the viewer's zone.
  tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
  legend: { show: false },
  cursor: { drag: { x: false, y: false } },
  series: [
    {},
    {
      label: 'Revenue',
      stroke: ACCENT,
      fill: 'rgba(11, 92, 173, 0.25)',
      paths: uPlot.paths.bars?.({ size: [0.8, 12] }),
      value: (_plot, value) => (value === null ? '' : formatTrx(value)),
    },
  ],
  axes: [{}, { label: 'TRX', size: 70 }],
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
