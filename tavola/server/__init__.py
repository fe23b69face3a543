"""The Tavola server: REST and WebSocket over the store, bots and clocks server-side."""
