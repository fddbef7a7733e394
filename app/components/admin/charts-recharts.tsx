import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartRow, ChartSeries } from "./charts";

/**
 * The recharts drawing of charts.tsx's Chart, in its own file so recharts is a chunk of its own,
 * loaded by a dynamic import after hydration (never on the server, never by the storefront).
 */
export default function ChartPlot({
  data,
  x,
  series,
  type,
  formatX,
  formatValue,
  height,
  label,
}: {
  data: ChartRow[];
  x: string;
  series: Required<ChartSeries>[];
  type: "bar" | "line";
  formatX: (value: string) => string;
  formatValue: (value: number) => string;
  height: number;
  label: string;
}) {
  const axes = (
    <>
      <CartesianGrid stroke="#e7e5e4" vertical={false} />
      <XAxis
        dataKey={x}
        tickFormatter={(v) => formatX(String(v))}
        tick={{ fill: "#44403c", fontSize: 12 }}
        tickLine={false}
        axisLine={{ stroke: "#a8a29e" }}
        minTickGap={16}
      />
      <YAxis
        tickFormatter={(v) => formatValue(Number(v))}
        tick={{ fill: "#44403c", fontSize: 12 }}
        tickLine={false}
        axisLine={false}
        width={72}
        allowDecimals={false}
      />
      <Tooltip
        formatter={(value, name) => [formatValue(Number(value)), name]}
        labelFormatter={(v) => formatX(String(v))}
        contentStyle={{ borderRadius: 12, borderColor: "#d6d3d1", fontSize: 13 }}
        // Each row in dark text: in its series' colour the lighter line's row failed contrast.
        itemStyle={{ color: "#1c1917" }}
        cursor={{ fill: "#f5f5f4" }}
      />
    </>
  );
  const common = { data, margin: { top: 4, right: 8, bottom: 0, left: 0 }, accessibilityLayer: true, title: label, className: "admin-chart" };
  return (
    <ResponsiveContainer width="100%" height={height} minWidth={0}>
      {type === "line" ? (
        <LineChart {...common}>
          {axes}
          {series.map((s) => (
            <Line
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={data.length <= 31}
              isAnimationActive={false}
              type="monotone"
            />
          ))}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} radius={[3, 3, 0, 0]} isAnimationActive={false} maxBarSize={48} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
