"""The bidding advisor's recommendation drawn for a terminal: the call, the
reason, the readings of the auction and the candidates' table (``rich``)."""

from __future__ import annotations

from ..game import rule_set
from .text import call_text, calls_in_text

__all__ = ["print_recommendation"]


def print_recommendation(rec, console, *, symbols: bool = True, ascii_only: bool = False,
                         top: int = 12) -> None:
    """Print ``rec`` (a ``bidding.Recommendation``) on a ``rich`` console: its
    ``top`` candidates in a table (0: the call and its reason only).
    ``ascii_only``: the table's headings without "±" (for a terminal that
    cannot print it)."""
    from rich.table import Table   # rich loads when a table is drawn, not at every import

    console.print(f"[bold]{call_text(rec.call, symbols)}[/bold]: "
                  f"{calls_in_text(rec.reason, symbols)}")
    if rec.warning:
        console.print(f"warning: {rec.warning}")
    if rec.inferences:
        console.print("The auction was read to show:")
        for inf in rec.inferences:
            console.print(f"  {inf.seat} {inf.call}: {inf.text}  ({inf.why})")
    table = Table(title=f"{rec.samples} samples, {rec.seconds:.1f} s", title_justify="left")
    for name, justify in (("call", "left"), ("contract", "left"), ("mean", "right"),
                          ("+/- se" if ascii_only else "± se", "right"),
                          ("if it stands", "right"), ("makes", "right"),
                          ("declarer's tricks", "left")):
        table.add_column(name, justify=justify)
    # A pass with nothing bid: Skruuvi's four passes are the all-pass misère.
    nothing = "all-pass misère" if rule_set(rec.rules).all_pass_scores else "thrown in"
    # a call dropped early (prune) was scored on the first samples only
    dropped = [c for c in rec.candidates[:top] if c.samples and c.samples < rec.samples]
    for c in rec.candidates[:top]:
        played = (nothing if c.contract is None
                  else f"{call_text(c.contract, symbols)} by {c.declarer}")
        common = _common_tricks(c.tricks)
        mark = "*" if c in dropped else ""
        table.add_row(call_text(c.call, symbols), played, f"{c.mean:+.0f}{mark}", f"{c.stderr:.0f}",
                      f"{c.mean_stands:+.0f}",
                      "" if c.p_make is None else f"{c.p_make:.0%}", common)
    if top:
        console.print(table)
        if dropped:
            fewest = min(c.samples for c in dropped)
            console.print(f"* dropped after {fewest} samples or more as clearly worse than the "
                          f"best call on them: its mean covers those samples only, and it is "
                          f"placed by how far it trailed the best there")
        for line in ADVICE_LEGEND:
            console.print(line, highlight=False)
    else:                 # --top 0: the call and its reason only, no empty table
        console.print(table.title)


#: What the advise table's columns mean, printed under it.
ADVICE_LEGEND = (
    "contract: what is played if the auction ends after the call.",
    "mean: your side's average score (your points minus theirs) over the samples",
    "  when every seat, yours too, goes on bidding by the system after the call;",
    "  se: its standard error. if it stands: the average if everybody passes after",
    "  the call. makes, declarer's tricks: for the contract if it stands, how often",
    "  it makes and the most common double-dummy trick counts of its declaring side",
    "  with their share of the samples (10t 45%: ten tricks in 45% of them); these",
    "  three on the first 32 samples (the contract if it stands decides nothing).",
)


def _common_tricks(tricks) -> str:
    """The three most common trick counts of a candidate, as shares: ``10t 45%, 9t 30%``."""
    total = sum(tricks or ())
    if not total:
        return ""
    common = sorted(((k, n) for n, k in enumerate(tricks) if k), key=lambda x: -x[0])[:3]
    return ", ".join(f"{n}t {k / total:.0%}" for k, n in common)
