#!/usr/bin/env python3
"""The figure of the scaling benchmark: log-log plots of the time from the
first pass's start to its first test, the CPU time of the costliest pass
setup of the run and the reducer's peak memory against the number of
units, one line per shape, one line style per series (a results label,
optionally with the flags its runs had), drawn as SVG with no plotting
library.

    benches/large/plot.py --series before \\
        --series 'before:--no-inline-vars --no-inline-consts' -o doc/img/large-scaling.svg
    benches/large/plot.py --series before --series after -o doc/img/large-scaling.svg

A run that reached its cap is drawn at the cap as an open triangle (the
value is above it); sizes not run after one are left out. Grey guides
show slopes 1 (linear) and 2 (quadratic).
"""

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402

COLORS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#1f78b4", "#666666"]
DASHES = ["", "6,3", "2,2", "8,2,2,2"]


def series_points(spec, metric):
    label, _, flags = spec.partition(":")
    groups = bench.grouped(bench.load(label), flags)
    out = {}
    for shape, rows in groups.items():
        pts = []
        for r in rows:
            if r["skipped"]:
                continue
            v = r[metric]
            if v is not None and v > 0:
                pts.append((r["n"], v / (2**20 if metric == "rss" else 1), False))
            elif metric == "rss" and r["rss_polled"]:
                # Killed at the cap: the highest peak polled, a lower bound.
                pts.append((r["n"], r["rss_polled"] / 2**20, True))
            elif r["capped"] and metric == "first1":
                pts.append((r["n"], r["cap"], True))
        out[shape] = pts
    return out


def panel(x0, y0, w, h, title, unit, data, specs, shapes, svg):
    values = [v for s in data for pts in s.values() for _, v, _ in pts]
    ns = [n for s in data for pts in s.values() for n, _, _ in pts]
    if not values:
        return
    lo, hi = math.floor(math.log10(min(values))), math.ceil(math.log10(max(values)))
    hi = max(hi, lo + 1)
    nlo, nhi = math.log2(min(ns)), math.log2(max(ns))
    nhi = max(nhi, nlo + 1)
    X = lambda n: x0 + (math.log2(n) - nlo) / (nhi - nlo) * w
    Y = lambda v: y0 + h - (math.log10(v) - lo) / (hi - lo) * h
    svg.append(f'<text x="{x0}" y="{y0 - 12}" font-size="13">{title}</text>')
    for e in range(lo, hi + 1):
        svg.append(f'<line x1="{x0}" x2="{x0 + w}" y1="{Y(10 ** e):.1f}" y2="{Y(10 ** e):.1f}" stroke="#e4e4e4"/>')
        svg.append(f'<text x="{x0 - 5}" y="{Y(10 ** e) + 4:.1f}" text-anchor="end">{10 ** e:g} {unit}</text>')
    for n in sorted(set(ns)):
        svg.append(f'<line x1="{X(n):.1f}" x2="{X(n):.1f}" y1="{y0}" y2="{y0 + h}" stroke="#f0f0f0"/>')
        svg.append(f'<text x="{X(n):.1f}" y="{y0 + h + 14}" text-anchor="middle">{n / 1000:g}k</text>')
    svg.append(f'<text x="{x0 + w / 2}" y="{y0 + h + 30}" text-anchor="middle">units (functions)</text>')
    # Guides through the panel's lowest corner: slope 1 and 2.
    base_n, base_v = 2 ** nlo, 10 ** lo
    for slope, name in ((1, "n"), (2, "n\u00b2")):
        end_n = 2 ** nhi
        end_v = base_v * (end_n / base_n) ** slope
        if end_v > 10 ** hi:
            end_n = base_n * (10 ** hi / base_v) ** (1 / slope)
            end_v = 10 ** hi
        svg.append(f'<line x1="{X(base_n):.1f}" y1="{Y(base_v):.1f}" x2="{X(end_n):.1f}" y2="{Y(end_v):.1f}" '
                   f'stroke="#bbb" stroke-dasharray="1,3"/>')
        svg.append(f'<text x="{X(end_n) - 4:.1f}" y="{Y(end_v) + 12:.1f}" fill="#999" text-anchor="end">{name}</text>')
    for si, s in enumerate(data):
        for shape, pts in s.items():
            color = COLORS[shapes.index(shape) % len(COLORS)]
            dash = DASHES[si % len(DASHES)]
            coords = [(X(n), Y(v), capped) for n, v, capped in pts]
            if len(coords) > 1:
                path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in coords)
                svg.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="1.6" '
                           f'stroke-dasharray="{dash}"><title>{shape} ({specs[si]})</title></polyline>')
            for (x, y, capped), (n, v, _) in zip(coords, pts):
                tip = f"{shape} ({specs[si]}) {n}: {'> ' if capped else ''}{v:.3g} {unit}"
                if capped:
                    svg.append(f'<path d="M{x - 5:.1f},{y + 4:.1f} L{x + 5:.1f},{y + 4:.1f} L{x:.1f},{y - 5:.1f} Z" '
                               f'fill="white" stroke="{color}" stroke-width="1.5"><title>{tip}</title></path>')
                else:
                    svg.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.8" fill="{color}"><title>{tip}</title></circle>')


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--series", action="append", required=True, help="LABEL or LABEL:FLAGS")
    p.add_argument("-o", "--output", type=Path, required=True)
    args = p.parse_args()
    time_data = [series_points(s, "first1") for s in args.series]
    cpu_data = [series_points(s, "setup_max_cpu") for s in args.series]
    rss_data = [series_points(s, "rss") for s in args.series]
    shapes = sorted({shape for d in time_data for shape in d}, key=list(bench.shapes.SHAPES).index)
    w, h, left, top, gap = 330, 300, 70, 50, 100
    width = left + 3 * w + 2 * gap + 30
    legend_y = top + h + 60
    rows = math.ceil(len(shapes) / 4) + len(args.series)
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{legend_y + rows * 18 + 20}" '
           f'font-family="sans-serif" font-size="11">', f'<rect width="100%" height="100%" fill="white"/>']
    panel(left, top, w, h, "first pass: from its start to its first test (s)", "s", time_data, args.series, shapes,
          svg)
    panel(left + w + gap, top, w, h, "CPU time of the costliest pass setup (s)", "s", cpu_data, args.series, shapes,
          svg)
    panel(left + 2 * (w + gap), top, w, h, "peak memory of treereduce (MB)", "MB", rss_data, args.series, shapes,
          svg)
    for i, shape in enumerate(shapes):
        x, y = left + (i % 4) * 170, legend_y + (i // 4) * 18
        svg.append(f'<rect x="{x}" y="{y - 9}" width="18" height="4" fill="{COLORS[i % len(COLORS)]}"/>')
        svg.append(f'<text x="{x + 24}" y="{y - 4}">{shape}</text>')
    y = legend_y + math.ceil(len(shapes) / 4) * 18
    for si, spec in enumerate(args.series):
        svg.append(f'<line x1="{left}" x2="{left + 30}" y1="{y - 7}" y2="{y - 7}" stroke="#333" stroke-width="1.6" '
                   f'stroke-dasharray="{DASHES[si % len(DASHES)]}"/>')
        label, _, flags = spec.partition(":")
        svg.append(f'<text x="{left + 38}" y="{y - 3}">{label}{" " + flags if flags else ", default options"}</text>')
        y += 18
    svg.append(f'<text x="{left + 300}" y="{legend_y + math.ceil(len(shapes) / 4) * 18 - 3}">'
               f'\u25b3 reached the cap: the value is above it</text>')
    svg.append("</svg>")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
