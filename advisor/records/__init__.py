"""Played deals in files: the record model, and one reader and one writer per format.

- ``model``: ``GameRecord`` (one played deal, checked), ``GameSet`` (the
  records of a file, with ``errors``), ``FormatError`` and ``build_record``,
  the checks every reader's findings go through;
- ``pbn``: PBN 2.1, read and written (with a double-dummy table);
- ``lin``: BBO LIN, read;
- ``jsonfile``: the project's JSON, read and written;
- ``files``: ``read_games(text or Path)`` and ``read_games_file(path)``, whatever
  the format; ``read_played`` for a review (a bridge file read play only).
"""

from .files import (count_deals, decode_file_bytes, detect_format, read_file_text, read_games,
                    read_games_file, read_played)
from .jsonfile import read_json, write_json
from .lin import read_lin
from .model import Field, FormatError, GameRecord, GameSet, build_record
from .pbn import PBNGame, optimum_result_table, pbn_games, read_pbn, write_pbn

__all__ = ["GameRecord", "GameSet", "FormatError", "Field", "build_record", "read_games",
           "read_games_file", "read_played", "read_file_text", "count_deals", "detect_format",
           "read_pbn", "write_pbn", "optimum_result_table", "pbn_games", "PBNGame", "decode_file_bytes",
           "read_lin", "read_json", "write_json"]
