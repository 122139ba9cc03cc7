"""actions.money: exact amounts in each currency's minor units; every refusal named."""

from __future__ import annotations

from decimal import Decimal

import pytest

from actions.money import MAX_AMOUNT, MoneyError, format_money, parse_amount, parse_spend


def spend(amount, currency="EUR", purpose="GPU hours"):
    return parse_spend({"amount": amount, "currency": currency, "purpose": purpose})


def refusal(amount, currency="EUR") -> MoneyError:
    with pytest.raises(MoneyError) as err:
        spend(amount, currency)
    return err.value


def test_strings_and_json_numbers_give_the_same_exact_amount():
    assert spend("12.5").amount == Decimal("12.50")
    assert spend(12.5).amount == Decimal("12.50")
    assert spend(12).amount == Decimal("12.00")
    assert spend("12.50").payload() == {"amount": "12.50", "currency": "EUR", "purpose": "GPU hours"}


def test_point_one_plus_point_two_is_exactly_point_three():
    total = spend("0.1").amount + spend(0.2).amount  # one string, one JSON number read as a float
    assert total == Decimal("0.3")
    assert format_money(total, "EUR") == "0.30"
    # a float a client computed as 0.1 + 0.2 is not 0.30: refused for its decimals, never rounded silently
    err = refusal(0.1 + 0.2)
    assert err.reason == "too_many_decimals" and "0.30000000000000004" in str(err)


def test_jpy_has_no_decimals():
    assert spend("500", "JPY").payload()["amount"] == "500"
    assert spend("500.0", "JPY").amount == Decimal("500")
    err = refusal("500.5", "JPY")
    assert err.reason == "too_many_decimals" and "no decimals" in str(err)


@pytest.mark.parametrize("code", ["BHD", "KWD", "OMR", "TND", "JOD"])
def test_three_decimal_currencies(code):
    assert spend("1.234", code).payload()["amount"] == "1.234"
    assert spend("1.2", code).payload()["amount"] == "1.200"
    assert refusal("1.2345", code).reason == "too_many_decimals"


def test_currency_codes_are_iso_4217_and_normalised():
    assert spend("1", " usd ").currency == "USD"
    assert refusal("1", "EURO").reason == "unknown_currency"
    assert refusal("1", "XAU").reason == "unknown_currency"  # gold has no minor unit: not a spend currency
    assert refusal("1", "").reason == "invalid_currency"
    assert refusal("1", 978).reason == "invalid_currency"


@pytest.mark.parametrize(
    "amount",
    ["NaN", "nan", "Infinity", "-inf", "1e3", "-5", "+5", "1,000.00", "12.", ".5", " ", "", "0x10", "١٢"],
)
def test_malformed_amounts_are_refused(amount):
    assert refusal(amount).reason == "invalid_amount"


@pytest.mark.parametrize("amount", [0, "0", "0.00", -1, -0.5, 0.0])
def test_zero_and_negative_are_refused(amount):
    err = refusal(amount)
    assert err.reason == "invalid_amount" and err.field == "payload.amount"


@pytest.mark.parametrize("amount", [True, None, [1], {"v": 1}, float("nan"), float("inf")])
def test_non_numbers_are_refused(amount):
    assert refusal(amount).reason == "invalid_amount"


def test_over_the_maximum_is_refused():
    assert spend(str(MAX_AMOUNT)).amount == MAX_AMOUNT
    assert refusal(str(MAX_AMOUNT + Decimal("0.01"))).reason == "amount_too_large"
    assert refusal(10**30).reason == "amount_too_large"


def test_purpose_and_unknown_fields():
    with pytest.raises(MoneyError) as err:
        spend("1", purpose="   ")
    assert err.value.field == "payload.purpose"
    with pytest.raises(MoneyError) as err:
        parse_spend({"amount": "1", "currency": "EUR", "purpose": "x", "to": "someone"})
    assert err.value.field == "payload.to"
    with pytest.raises(MoneyError) as err:
        parse_spend({"amount": "1", "currency": "EUR"})
    assert err.value.field == "payload.purpose"


def test_parse_amount_keeps_trailing_zero_amounts_exact():
    assert parse_amount("12.500", "EUR") == Decimal("12.50")
    assert str(parse_amount("12.500", "EUR")) == "12.50"
