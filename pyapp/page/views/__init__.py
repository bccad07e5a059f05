"""What the page shows: the renderers (markup from the session, one module a screen), and the actuator that
puts their markup on the page, reads it out and plays its sounds."""
