"""The score chart: each player's total after every hand, as an SVG line chart (plain Python)."""

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24
COLOURS = ("#f5c542", "#7ec8f2", "#f28b82", "#a7e07b", "#d7a6f5", "#f7a85d", "#8be0d4", "#f2f2f2", "#c9b18a", "#9aa7ff")


def totals_by_hand(results: list, players: int) -> list:
    """Each seat's running totals: [[0, after hand 1, after hand 2, …], …]."""
    lines = [[0] for _ in range(players)]
    for result in results:
        for seat in range(players):
            lines[seat].append(lines[seat][-1] + result.added[seat])
    return lines


def render_chart(names: list, results: list, target: int, title: str) -> str:
    """An SVG chart of the totals hand by hand, with the target as a dashed line and a legend.

    ``names`` must already be escaped for HTML.
    """
    players = len(names)
    lines = totals_by_hand(results, players)
    hands = len(results)
    low = min(0, min(min(line) for line in lines))
    high = max(target, max(max(line) for line in lines))
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x(hand):
        return round(LEFT + span_x * hand / max(hands, 1), 1)

    def y(value):
        return round(TOP + span_y * (high - value) / max(high - low, 1), 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}">',
        f'<line class="axis" x1="{LEFT}" y1="{y(low)}" x2="{WIDTH - RIGHT}" y2="{y(low)}"/>',
        f'<line class="target" x1="{LEFT}" y1="{y(target)}" x2="{WIDTH - RIGHT}" y2="{y(target)}"/>',
        f'<text x="{LEFT - 4}" y="{y(target) + 4}" text-anchor="end">{target}</text>',
        f'<text x="{LEFT - 4}" y="{y(low) + 4}" text-anchor="end">{low}</text>',
    ]
    for hand in range(1, hands + 1):
        parts.append(f'<text x="{x(hand)}" y="{HEIGHT - 6}" text-anchor="middle">{hand}</text>')
    for seat, line in enumerate(lines):
        colour = COLOURS[seat % len(COLOURS)]
        points = " ".join(f"{x(hand)},{y(value)}" for hand, value in enumerate(line))
        parts.append(f'<polyline points="{points}" stroke="{colour}"/>')
        parts.append(f'<circle cx="{x(hands)}" cy="{y(line[-1])}" r="3" fill="{colour}"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch" style="background:{COLOURS[seat % len(COLOURS)]}"></span>{name}</li>'
        for seat, name in enumerate(names)
    )
    return "".join(parts) + f'<ul class="legend">{legend}</ul>'
