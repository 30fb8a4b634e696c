/**
 * Whether this browser can draw the chart: uPlot needs matchMedia as it loads, then a 2D canvas
 * and ResizeObserver (jsdom has none of them; the chart's table serves there).
 */
export const canDraw = (): boolean => {
  if (typeof matchMedia !== 'function' || typeof ResizeObserver !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};
