"""The site works from any sub-path: every URL is relative."""

from table import hand, open_game

from tools.serve import serve_in_background, url_of


def test_site_served_from_a_sub_path(page, site):
    server = serve_in_background(site, base="/games/hearts/")
    try:
        url = url_of(server)
        assert url.endswith("/games/hearts/")
        open_game(page, url)
        assert len(hand(page)) == 13
        assert page.errors == []
    finally:
        server.shutdown()
