"""One voice (issue 31): practice's hint, ``vint advise`` and the review's verdict
on a call all come from the bidding advisor with the same seed, and a call is
flagged only when the advisor's lead over it is significant and practical."""

import json
from types import SimpleNamespace

import pytest

from advisor.bidding import recommend
from advisor.bidding.verdict import PRACTICAL_MARGIN, SIGNIFICANT_SE, Verdict, verdict
from advisor.cli import main
from advisor.postmortem import review_auction
from advisor.practice import Practice
from advisor.records import read_games

#: The issue's position: South after 1S-P (North deals). Seed 3 deals South
#: AJ9.A953.J3.Q542 there; the policy's quick call is 3S.
SEED, SAMPLES = 3, 32


@pytest.fixture(scope="module")
def position():
    session = Practice("vint", "S", seed=SEED, play=False, advice_samples=SAMPLES)
    assert session.board.auction == ["1S", "P"] and session.board.dealer.name == "N"
    return session


@pytest.mark.slow
def test_hint_vint_advise_and_review_agree_on_the_same_position_and_seed(position, capsys,
                                                                        tmp_path):
    session = position
    hint = session.hint()
    rec = session.recommendation()
    assert hint.call == rec.call and hint.reason == rec.reason
    assert session.advice_seed() == SEED + 2             # the call's index in the auction
    # vint advise, the same position and seed.
    hand = session.board.deal["S"].to_pbn()
    assert main(["advise", "--hand", hand, "--seat", "S", "--dealer", "N", "--auction", "1S P",
                 "--samples", str(SAMPLES), "--seed", str(SEED + 2), "--json"]) == 0
    advised = json.loads(capsys.readouterr().out)
    assert advised["call"] == hint.call
    assert [c["call"] for c in advised["candidates"]] == [c.call for c in rec.candidates]
    # The player makes the policy's quick call (3S) instead; the board is bid out.
    quick = session.hint(quick=True)
    assert quick.reason.startswith("the policy's quick call")
    mine = session.call(quick.call)[0]
    while session.to_call is not None:
        session.call(session.hint(quick=True).call)
    save = tmp_path / "practice.pbn"
    save.write_text(session.pbn())
    record = read_games(save, rules="vint")[0]
    assert record.auction[:3] == ["1S", "P", quick.call]
    # The review of the saved board, seed SEED: call 3 (index 2) is advised
    # with seed SEED + 2, as the hint was. (The other calls are not asked, to
    # keep the test short: a stand-in advisor agrees with them.)

    def advisor_on_south(hand, *, auction, seed, **options):
        if len(auction) != 2:
            return SimpleNamespace(call=record.auction[len(auction)], candidates=[])
        return recommend(hand, auction=auction, seed=seed, **options)
    calls = review_auction(record, "vint", samples=SAMPLES, seed=SEED, recommend=advisor_on_south)
    south = calls.calls[2]
    assert south.recommended == hint.call
    word = verdict(rec, quick.call)
    assert south.verdict == word
    # Practice's word after the call is the review's: given exactly when flagged.
    assert (mine.advice is not None) == south.flagged == word.flagged
    if quick.call != hint.call:
        assert south.comment == word.comment and word.comment.startswith(f"advisor: {hint.call}")


def _rec(best_scores, other_scores, best="2S", other="3S"):
    cands = [SimpleNamespace(call=best, scores=best_scores),
             SimpleNamespace(call=other, scores=other_scores)]

    def candidate(call):
        for c in cands:
            if c.call == call:
                return c
        raise KeyError(call)
    return SimpleNamespace(call=best, candidates=cands, candidate=candidate,
                           samples=len(best_scores))


def test_a_call_is_flagged_only_when_the_lead_is_significant_and_practical():
    # A lead of 100 on every sample: significant and practical.
    assert verdict(_rec([200] * 10, [100] * 10), "3S").flagged
    # A lead of 20 on every sample: significant, but within the practical margin.
    small = verdict(_rec([120] * 10, [100] * 10), "3S")
    assert small.significant and not small.flagged and small.lead < PRACTICAL_MARGIN
    assert "too close to call a mistake" in small.comment
    # A lead of 100 on average but noisy: not two standard errors.
    noisy = verdict(_rec([1000, -800, 500, -200], [0, 0, 0, 0]), "3S")
    assert noisy.lead == 125 and noisy.lead <= SIGNIFICANT_SE * noisy.se and not noisy.flagged
    # A pruned candidate is compared on the samples it was scored on only.
    pruned = verdict(_rec([300, 300, 0, 0], [100, 100]), "3S")
    assert pruned.shared == 2 and pruned.lead == 200 and pruned.flagged
    # The advisor's own call and a call it did not consider are never flagged.
    assert verdict(_rec([1], [0]), "2S").agrees and not verdict(_rec([1], [0]), "2S").flagged
    unknown = verdict(_rec([200] * 4, [0] * 4), "7NT")
    assert not unknown.considered and not unknown.flagged and "not among" in unknown.comment
    assert isinstance(unknown, Verdict) and unknown.to_dict()["flagged"] is False
    # The advisor keeps the system's call over one that scored more on its
    # samples: the word says so, without a negative lead.
    behind = verdict(_rec([100, 100, 100, 100], [150, 170, 130, 150]), "3S")
    assert behind.lead == -50 and not behind.flagged
    assert behind.comment == ("advisor: 2S; 3S scored 50 ± 8 points more on its samples, "
                              "too little to prefer it")
    assert "-" not in behind.comment


def test_quick_hints_are_labelled_and_the_advice_option_is_checked():
    session = Practice("vint", "S", seed=SEED, play=False, advice="policy")
    hint = session.hint()
    # The policy's call: the table's 3S raise, which the correction learned from
    # the advisor turns into 1NT (two aces over partner's suit, the seed's meaning).
    assert hint.reason.startswith("the policy's quick call") and hint.call == "1NT"
    assert "the table's 3S" in hint.reason
    from advisor.practice import PracticeError
    with pytest.raises(PracticeError, match="advice must be one of"):
        Practice("vint", "S", seed=SEED, advice="oracle")
