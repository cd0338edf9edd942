"""Drawing results for people: text for the terminal (``text``, and ``advice``
for the bidding advisor's table), one HTML page (``html``), practice sessions
(``practice``)."""

from .advice import print_recommendation
from .html import recommendation_html, review_html, review_section
from .progress import progress_bar
from .text import (analysis_text, call_text, calls_in_text, can_print_symbols, card_text,
                   card_values_text, courts_text, dd_table_text, deal_diagram,
                   preference_text, printable, render_table, review_text, score_grid_text)

__all__ = ["deal_diagram", "render_table", "dd_table_text", "score_grid_text", "analysis_text",
           "review_text", "review_html", "review_section", "recommendation_html",
           "can_print_symbols", "printable", "card_text", "call_text", "calls_in_text",
           "courts_text", "card_values_text", "preference_text", "print_recommendation",
           "progress_bar"]
