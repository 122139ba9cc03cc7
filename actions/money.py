"""Money for ``spend``: parsing and validating ``{amount, currency, purpose}``.

Plain Python, no Django import. An amount is a :class:`~decimal.Decimal` quantised to its currency's minor
units (ISO 4217: JPY 0, EUR 2, BHD 3, CLF 4); it is never a float. A JSON number reaches Python as a
float, so it is read by its shortest round-trip text (``0.1`` is ``Decimal("0.1")``, not
``0.1000000000000000055…``): a float the client computed as ``0.30000000000000004`` is refused for having
more decimals than the currency has, never rounded silently. Send amounts as strings (``"12.50"``) to be
exact.

Every refusal is a :class:`MoneyError` naming the field, a stable reason code and what to send instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from brabo.errors import ErrorCode

__all__ = [
    "MAX_AMOUNT",
    "MINOR_UNITS",
    "MoneyError",
    "Spend",
    "format_money",
    "parse_amount",
    "parse_currency",
    "parse_spend",
    "quantize",
]

# ISO 4217 active currency codes → minor units (the list maintained by SIX, 2024/2025 amendments).
# Codes with no minor unit ("N.A.": gold, silver, SDR, test codes) are not spendable currencies and are left
# out on purpose.
_ZERO = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
_THREE = "BHD IQD JOD KWD LYD OMR TND"
_FOUR = "CLF UYW"
_TWO = (
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD "
    "CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD "
    "GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA "
    "MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR "
    "RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD "
    "TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG"
)
MINOR_UNITS: dict[str, int] = {
    **{c: 0 for c in _ZERO.split()},
    **{c: 2 for c in _TWO.split()},
    **{c: 3 for c in _THREE.split()},
    **{c: 4 for c in _FOUR.split()},
}

# A single spend or budget above this is a typo or an attack, not a purchase an agent asks for. It also
# keeps every amount inside the ledger's column (18 digits, 4 of them decimals).
MAX_AMOUNT = Decimal("1000000000")
MAX_PURPOSE_CHARS = 1000

_PLAIN_DECIMAL = re.compile(r"^[0-9]{1,16}(?:\.[0-9]{1,16})?$")


class MoneyError(ValueError):
    """A refused amount, currency or purpose: the sentence, the field at fault and a stable reason code."""

    def __init__(self, message: str, *, field: str, reason: ErrorCode):
        super().__init__(message)
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class Spend:
    amount: Decimal
    currency: str
    purpose: str

    def payload(self) -> dict[str, str]:
        """The stored payload: the amount as exact text in the currency's minor units (``"12.50"``)."""
        return {
            "amount": format_money(self.amount, self.currency),
            "currency": self.currency,
            "purpose": self.purpose,
        }


def parse_currency(value: Any, *, field: str = "currency") -> str:
    if not isinstance(value, str) or not value.strip():
        raise MoneyError(
            f"{field} must be an ISO 4217 currency code such as EUR, USD or JPY.",
            field=field,
            reason="invalid_currency",
        )
    code = value.strip().upper()
    if code not in MINOR_UNITS:
        shown = value.strip()[:12]
        raise MoneyError(
            f"{field} {shown!r} is not an ISO 4217 currency Brabo knows (e.g. EUR, USD, JPY, BHD); "
            "use the three-letter code of a currency with minor units.",
            field=field,
            reason="unknown_currency",
        )
    return code


def _as_decimal(value: Any, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise MoneyError(
            f'{field} must be a number or a decimal string such as "12.50".',
            field=field,
            reason="invalid_amount",
        )
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise MoneyError(f"{field} must be a finite number.", field=field, reason="invalid_amount")
        text = repr(value)  # the shortest text that reads back as this float: 0.1 → "0.1"
        try:
            return Decimal(text)
        except InvalidOperation:  # pragma: no cover - repr of a finite float always parses
            raise MoneyError(f"{field} is not a number.", field=field, reason="invalid_amount") from None
    text = value.strip()
    if text.startswith("-"):
        raise MoneyError(
            f"{field} must be positive; a refund or correction is not a spend.",
            field=field,
            reason="invalid_amount",
        )
    if not _PLAIN_DECIMAL.match(text):
        # no exponents, signs, separators, NaN or Infinity: one spelling per amount
        raise MoneyError(
            f'{field} must be a plain decimal: digits with an optional "." and decimals, e.g. "12.50" (no '
            f"exponent, sign, spaces or thousands separators); got {text[:40]!r}.",
            field=field,
            reason="invalid_amount",
        )
    return Decimal(text)


def parse_amount(value: Any, currency: str, *, field: str = "amount") -> Decimal:
    """The amount as a Decimal quantised to ``currency``'s minor units, or MoneyError."""
    amount = _as_decimal(value, field)
    if not amount.is_finite():
        raise MoneyError(f"{field} must be a finite number.", field=field, reason="invalid_amount")
    if amount <= 0:
        raise MoneyError(
            f"{field} must be more than zero; a refund or correction is not a spend.",
            field=field,
            reason="invalid_amount",
        )
    if amount > MAX_AMOUNT:
        raise MoneyError(
            f"{field} is over the maximum of {MAX_AMOUNT:,} {currency}; split it, or check the amount.",
            field=field,
            reason="amount_too_large",
        )
    digits = MINOR_UNITS[currency]
    exact = quantize(amount, currency)
    if exact != amount:
        unit = "no decimals" if digits == 0 else f"at most {digits} decimal{'s' if digits > 1 else ''}"
        raise MoneyError(
            f"{field} {value!r} has more decimals than {currency} has ({unit}); send the exact amount in "
            f"{currency}'s minor units, e.g. {format_money(Decimal(1), currency)}.",
            field=field,
            reason="too_many_decimals",
        )
    return exact


def quantize(amount: Decimal, currency: str) -> Decimal:
    """``amount`` with exactly the currency's number of decimals (``12.5`` EUR → ``12.50``). It rounds, so
    :func:`parse_amount` compares the result with its input and refuses any amount it would change."""
    return amount.quantize(Decimal(1).scaleb(-MINOR_UNITS[currency]))


def format_money(amount: Decimal, currency: str) -> str:
    """Exact text with the currency's decimals: ``Decimal("42.1")`` EUR → ``"42.10"``; JPY → ``"500"``."""
    exponent = Decimal(1).scaleb(-MINOR_UNITS.get(currency, 2))
    return str(amount.quantize(exponent))


def parse_spend(payload: dict, *, prefix: str = "payload.") -> Spend:
    """A spend payload ``{amount, currency, purpose}``: every field checked, the amount exact."""
    unknown = sorted(set(payload) - {"amount", "currency", "purpose"})
    if unknown:
        raise MoneyError(
            f"{prefix}{unknown[0]} is not a spend field; a spend has amount, currency and purpose only.",
            field=f"{prefix}{unknown[0]}",
            reason="invalid",
        )
    for name in ("amount", "currency", "purpose"):
        if name not in payload:
            raise MoneyError(
                f"{prefix}{name} is required for spend.", field=f"{prefix}{name}", reason="invalid"
            )
    currency = parse_currency(payload["currency"], field=f"{prefix}currency")
    amount = parse_amount(payload["amount"], currency, field=f"{prefix}amount")
    purpose = payload["purpose"]
    if not isinstance(purpose, str) or not purpose.strip():
        raise MoneyError(
            f"{prefix}purpose must say what the money is for (a non-empty string).",
            field=f"{prefix}purpose",
            reason="invalid",
        )
    if len(purpose) > MAX_PURPOSE_CHARS:
        raise MoneyError(
            f"{prefix}purpose is over {MAX_PURPOSE_CHARS} characters; say it in fewer words.",
            field=f"{prefix}purpose",
            reason="invalid",
        )
    return Spend(amount=amount, currency=currency, purpose=purpose.strip())
