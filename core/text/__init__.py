"""Text rules shared by several stages (credential and title variants)."""
