"""Container lifecycle, the broker port and its adapters, runners."""
