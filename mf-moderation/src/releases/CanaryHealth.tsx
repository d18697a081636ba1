/**
 * A running canary as the health guard sees it, on /admin/releases: the guard's verdict in words
 * (the one it keeps with the channel, server/src/releases/health.ts), where a progressive rollout
 * stands and when it moves, and a chart of page loads and failure rate per minute for canary and
 * stable since the canary started. The chart is drawn by uPlot on a canvas; the same figures are
 * in a table for screen readers and for reading exact values.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type ReleaseChannelRow,
  type ReleaseHealthMinute,
  useReleaseHealthMinutes,
} from 'shared-api/releases';
import { QueryState, RelativeTime, useNow, useTheme } from 'shared-ui';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { failureShare, pageLoads, pauseText, stepText, verdictText, vitalsGuardText } from '../texts.ts';

/** The longest stretch drawn: page loads are kept a day (health.ts KEEP_HOURS). */
const MAX_MINUTES = 24 * 60;

export interface MinuteSeries {
  /** Each minute's start, in seconds (uPlot's x values). */
  minutes: number[];
  canaryLoads: number[];
  stableLoads: number[];
  /** Failed share in %, null for a minute without page loads (a gap, not a zero). */
  canaryRate: (number | null)[];
  stableRate: (number | null)[];
  canaryFailures: number[];
  stableFailures: number[];
}

/** Every minute from the canary's start to now, the quiet ones too, from the rows the server has. */
export function minuteSeries(
  rows: readonly ReleaseHealthMinute[],
  started: string,
  now: number,
): MinuteSeries {
  const first = Math.max(
    Math.floor(new Date(started).getTime() / 60_000),
    Math.floor(now / 60_000) - MAX_MINUTES + 1,
  );
  const last = Math.max(Math.floor(now / 60_000), first);
  const series: MinuteSeries = {
    minutes: [],
    canaryLoads: [],
    stableLoads: [],
    canaryRate: [],
    stableRate: [],
    canaryFailures: [],
    stableFailures: [],
  };
  const byMinute = new Map<string, ReleaseHealthMinute>();
  for (const row of rows)
    byMinute.set(`${Math.floor(new Date(row.minute).getTime() / 60_000)}:${row.channel}`, row);
  for (let minute = first; minute <= last; minute++) {
    const canary = byMinute.get(`${minute}:canary`);
    const stable = byMinute.get(`${minute}:stable`);
    series.minutes.push(minute * 60);
    series.canaryLoads.push(canary?.loads ?? 0);
    series.stableLoads.push(stable?.loads ?? 0);
    series.canaryFailures.push(canary?.failures ?? 0);
    series.stableFailures.push(stable?.failures ?? 0);
    series.canaryRate.push(canary?.loads ? (100 * canary.failures) / canary.loads : null);
    series.stableRate.push(stable?.loads ? (100 * stable.failures) / stable.loads : null);
  }
  return series;
}

const clock = new Intl.DateTimeFormat('pl', { timeStyle: 'short' });
const percent = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 1 });

/** The theme's colours, read from its CSS variables so the chart follows the three themes. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    canary: color('--color-primary', '#1d4ed8'),
    stable: color('--color-text-muted', '#535b68'),
    canaryFailed: color('--color-danger-text', '#b91c1c'),
    stableFailed: color('--color-warning-text', '#92400e'),
    grid: color('--color-border', '#d0d7de'),
    text: color('--color-text', '#111827'),
  };
}

const LEGEND = [
  { key: 'canary', label: 'Kanarek: wczytania', dash: false },
  { key: 'stable', label: 'Stabilna: wczytania', dash: true },
  { key: 'canaryFailed', label: 'Kanarek: błędy (%)', dash: false },
  { key: 'stableFailed', label: 'Stabilna: błędy (%)', dash: true },
] as const;

function HealthChart({ series, summary }: { series: MinuteSeries; summary: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const theme = useTheme();
  const [colors, setColors] = useState<ReturnType<typeof themeColors> | null>(null);

  useEffect(() => {
    // After the theme's attribute is set, so its variables are the ones read.
    void theme;
    setColors(themeColors());
  }, [theme]);

  useEffect(() => {
    const element = holder.current;
    if (!element || !colors) return;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const axis = {
        stroke: colors.text,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid },
      };
      const options: uPlot.Options = {
        width: Math.max(element.clientWidth, 240),
        height: 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          n: { range: (_u, _min, max) => [0, Math.max(max, 4)] },
          '%': { range: [0, 100] },
        },
        axes: [
          {
            ...axis,
            // Whole minutes only: page loads are counted per minute.
            incrs: [60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600],
            values: (_u, splits) => splits.map((s) => clock.format(new Date(s * 1000))),
          },
          {
            ...axis,
            scale: 'n',
            values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
          },
          {
            ...axis,
            scale: '%',
            side: 1,
            grid: { show: false },
            values: (_u, splits) => splits.map((s) => `${s}%`),
          },
        ],
        series: [
          {},
          { label: LEGEND[0].label, scale: 'n', stroke: colors.canary, width: 2 },
          { label: LEGEND[1].label, scale: 'n', stroke: colors.stable, width: 2, dash: [6, 4] },
          { label: LEGEND[2].label, scale: '%', stroke: colors.canaryFailed, width: 2, spanGaps: false },
          {
            label: LEGEND[3].label,
            scale: '%',
            stroke: colors.stableFailed,
            width: 2,
            dash: [6, 4],
            spanGaps: false,
          },
        ],
      };
      chart.current?.destroy();
      chart.current = new UPlot(
        options,
        [series.minutes, series.canaryLoads, series.stableLoads, series.canaryRate, series.stableRate],
        element,
      );
      observer = new ResizeObserver(() => {
        chart.current?.setSize({ width: Math.max(element.clientWidth, 240), height: 200 });
      });
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [colors, series]);

  return (
    <figure className="gwm-chart">
      <div ref={holder} className="gwm-chart__plot" role="img" aria-label={summary} />
      <figcaption>
        <ul className="gwm-chart__legend">
          {LEGEND.map((item) => (
            <li key={item.key}>
              <span
                className={`gwm-chart__swatch${item.dash ? ' gwm-chart__swatch--dashed' : ''}`}
                style={colors ? { borderColor: colors[item.key] } : undefined}
                aria-hidden="true"
              />
              {item.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function MinuteTable({ series, version }: { series: MinuteSeries; version: string }) {
  const rows = series.minutes
    .map((minute, i) => ({ minute, i }))
    .filter(({ i }) => series.canaryLoads[i]! > 0 || series.stableLoads[i]! > 0)
    .reverse();
  return (
    <details className="gwm-chart__data">
      <summary>Dane wykresu (minuta po minucie)</summary>
      {rows.length === 0 ? (
        <p>Nie było jeszcze wczytań.</p>
      ) : (
        <table className="gwm-table">
          <caption className="gw-visually-hidden">Wczytania i błędy na minutę, kanarek {version}</caption>
          <thead>
            <tr>
              <th scope="col">Minuta</th>
              <th scope="col">Kanarek</th>
              <th scope="col">Stabilna</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ minute, i }) => (
              <tr key={minute}>
                <th scope="row">{clock.format(new Date(minute * 1000))}</th>
                <td>
                  {pageLoads(series.canaryLoads[i]!)},{' '}
                  {failureShare(series.canaryFailures[i]!, series.canaryLoads[i]!)}
                </td>
                <td>
                  {pageLoads(series.stableLoads[i]!)},{' '}
                  {failureShare(series.stableFailures[i]!, series.stableLoads[i]!)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

/** The guard's verdict, the rollout's step and the chart of a running canary. */
export function CanaryHealth({ channel }: { channel: ReleaseChannelRow & { canary: string } }) {
  const query = useReleaseHealthMinutes(channel.remote, channel.canary);
  const now = useNow();
  const rows = query.data;
  const series = useMemo(
    () => minuteSeries(rows ?? [], channel.canary_started ?? new Date(now).toISOString(), now),
    [rows, channel.canary_started, now],
  );
  const verdict = channel.verdict;
  const total = (values: number[]) => values.reduce((sum, n) => sum + n, 0);
  const summary =
    `Wykres wczytań i odsetka błędów na minutę od startu kanarka ${channel.canary}. ` +
    `Kanarek: ${pageLoads(total(series.canaryLoads))}, ${failureShare(total(series.canaryFailures), total(series.canaryLoads))}. ` +
    `Wersja stabilna: ${pageLoads(total(series.stableLoads))}, ${failureShare(total(series.stableFailures), total(series.stableLoads))}.`;
  return (
    <section className="gwm-canary" aria-label={`Zdrowie kanarka ${channel.canary}`}>
      <h3>Ocena strażnika</h3>
      {verdict ? (
        <>
          <p className={`gwm-verdict gwm-verdict--${verdict.state}`}>{verdictText(verdict)}</p>
          {/* The shared clock ticks once a minute: "the next step in N minutes" counts from this
              render (a step that started after the last tick would read a minute too far). */}
          {verdict.step ? <p>{stepText(verdict.step, verdict.state, Math.max(now, Date.now()))}</p> : null}
          {verdict.vitalsGuard ? (
            <p className={`gwm-verdict gwm-verdict--${verdict.vitalsGuard.state}`}>
              {vitalsGuardText(verdict.vitalsGuard)}
            </p>
          ) : null}
          {channel.verdict_at ? (
            <p className="gwm-muted">
              Ostatnia ocena: <RelativeTime date={channel.verdict_at} />
            </p>
          ) : null}
        </>
      ) : (
        <p>Strażnik jeszcze nie ocenił tego kanarka.</p>
      )}
      {channel.steps ? (
        <p className="gwm-muted">
          Plan: {channel.steps.join('% → ')}%, każdy krok co najmniej {pauseText(channel.pause_seconds ?? 0)}.
        </p>
      ) : null}
      <QueryState query={query} isEmpty={false} empty={null}>
        <HealthChart series={series} summary={summary} />
        <MinuteTable series={series} version={channel.canary} />
      </QueryState>
      <p className="gwm-muted">Udział obecnie: {percent.format(channel.percent)}% odwiedzających.</p>
    </section>
  );
}
