/** What recharts hands a custom tick: where to draw, how to anchor, and the tick's value. */
export interface ChartTickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { value?: unknown };
}

/**
 * An axis label cut to fit (`fit`) that keeps its full text as the SVG title, so hovering a cut
 * label shows all of it (an ellipsis alone leaves the reader guessing). `dy` centres it on its tick:
 * about 0.32em beside a vertical axis, 0.71em under a horizontal one.
 */
export function ChartLabelTick({
  x,
  y,
  textAnchor,
  payload,
  fit,
  dy,
}: ChartTickProps & { fit: (label: string) => string; dy: string }) {
  const full = String(payload?.value ?? '');
  const shown = fit(full);
  return (
    <text
      x={Number(x ?? 0)}
      y={Number(y ?? 0)}
      dy={dy}
      textAnchor={textAnchor ?? 'middle'}
      fontSize={12}
      className="fill-muted-foreground"
      data-full-label={full}
      data-shown-label={shown}
    >
      {shown !== full && <title>{full}</title>}
      {shown}
    </text>
  );
}
