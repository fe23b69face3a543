"""Seasons solo (Dummbot): rules, content and scenario tests."""
