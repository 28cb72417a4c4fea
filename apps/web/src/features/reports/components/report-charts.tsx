import { useSyncExternalStore } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportTable } from '../types';
import { formatCount } from '../utils/format';

/**
 * The dashboard's charts (recharts, ADR 0049). They are pictures of the numbers their table
 * holds: hidden from screen readers, who read the table instead, and without recharts' keyboard
 * layer (the table is the way to reach each number). Drawn in the brand's ink (`currentColor`
 * of a `text-main-ink` box), which reads on white whatever the branding, or in a row's own
 * colour (the ODS). They are drawn at 600 px wide until their box is measured (and in tests,
 * where nothing is).
 */

/** A long label cut for the axis; the table has it whole. */
export function shortLabel(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}

const TICK = { fill: '#334155', fontSize: 12 };

/** Below Tailwind's `sm` (640 px) the labels beside the bars get less room. */
const NARROW = '(max-width: 639px)';
function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches,
  );
}

/** A category's label on one line, cut to what fits (recharts would wrap it over its neighbours). */
function CategoryTick({
  x,
  y,
  payload,
  max,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: string | number };
  max: number;
}) {
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      dy={4}
      textAnchor="end"
      fill={TICK.fill}
      fontSize={TICK.fontSize}
    >
      {shortLabel(String(payload?.value ?? ''), max)}
    </text>
  );
}

const SECOND_SERIES = '#b45309';

/** One bar per row, its label beside it on one line (long names read across, even at 360 px). */
export function HorizontalBars({ table }: { table: ReportTable }) {
  const narrow = useIsNarrow();
  const data = table.rows.map((row) => ({
    label: row.label,
    value: row.values[0] ?? 0,
    color: row.color,
  }));
  const height = 24 + data.length * 30;
  return (
    <div className="text-main-ink" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={TICK} tickFormatter={formatCount} />
          <YAxis
            type="category"
            dataKey="label"
            width={narrow ? 124 : 196}
            tick={<CategoryTick max={narrow ? 15 : 28} />}
            interval={0}
          />
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Bar
            dataKey="value"
            name={table.columns[1]}
            fill="currentColor"
            isAnimationActive={false}
          >
            {data.map((row, index) => (
              <Cell key={index} fill={row.color ?? 'currentColor'} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Two series over the months: the first in the brand's ink, the second in amber. */
export function MonthlyLines({ table }: { table: ReportTable }) {
  const [, first = '', second = ''] = table.columns;
  const data = table.rows.map((row) => ({
    label: row.label,
    first: row.values[0] ?? 0,
    second: row.values[1] ?? 0,
  }));
  return (
    <div className="h-72 text-main-ink">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 288 }}
      >
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={TICK}
            tickFormatter={(label: string) => shortMonth(label)}
            minTickGap={12}
          />
          <YAxis allowDecimals={false} tick={TICK} tickFormatter={formatCount} width={56} />
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend />
          <Line
            type="monotone"
            dataKey="first"
            name={first}
            stroke="currentColor"
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="second"
            name={second}
            stroke={SECOND_SERIES}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** "junio de 2026" -> "jun 2026" for the axis. */
function shortMonth(label: string): string {
  const [month = '', , year = ''] = label.split(' ');
  return `${month.slice(0, 3)} ${year}`;
}
