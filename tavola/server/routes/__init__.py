"""The HTTP and WebSocket routes, one router per concern."""
